import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersAnswer, AdminOrdersQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getAdminOrders = async (f: AdminOrdersQuery) =>
  (await api.get<AdminOrdersAnswer, typeof AdminOrdersQuery>('/api/admin/orders', { query: f })).orders;

const adminOrdersQuery = (f: AdminOrdersQuery) =>
  queryOptions({ queryKey: ['admin', 'orders', f], queryFn: () => getAdminOrders(f), staleTime: 0 });

export function useAdminOrders(f: AdminOrdersQuery) {
  return useQuery({ ...adminOrdersQuery(f), placeholderData: keepPreviousData });
}
