import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface OrderFilters {
  status: string;
  q: string;
  from: string;
  to: string;
}
const qs = (f: OrderFilters) => new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();

export const getAdminOrders = async (f: OrderFilters) =>
  (await api.get<AdminOrdersAnswer>(`/api/admin/orders?${qs(f)}`)).orders;

export const adminOrdersQuery = (f: OrderFilters) =>
  queryOptions({ queryKey: ['admin', 'orders', f], queryFn: () => getAdminOrders(f), staleTime: 0 });

export function useAdminOrders(f: OrderFilters) {
  return useQuery({ ...adminOrdersQuery(f), placeholderData: keepPreviousData });
}
