import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getAdminOrder = async (id: string) => (await api.get<AdminOrderAnswer>(`/api/admin/orders/${id}`)).order;

const adminOrderQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'order', id], queryFn: () => getAdminOrder(id), staleTime: 0 });

export function useAdminOrder(id: string | null) {
  return useQuery({ ...adminOrderQuery(id ?? ''), enabled: !!id });
}
