import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDispatchAnswer, AdminDispatchesAnswer, AdminOrdersQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getAdminDispatches = async (f: AdminOrdersQuery) =>
  (await api.get<AdminDispatchesAnswer, typeof AdminOrdersQuery>('/api/admin/dispatches', { query: f })).dispatches;

export function useAdminDispatches(f: AdminOrdersQuery) {
  return useQuery({
    ...queryOptions({ queryKey: ['admin', 'dispatches', f], queryFn: () => getAdminDispatches(f), staleTime: 0 }),
    placeholderData: keepPreviousData,
  });
}

const getAdminDispatch = async (id: string) =>
  (await api.get<AdminDispatchAnswer>(`/api/admin/dispatches/${id}`)).dispatch;

export function useAdminDispatch(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'dispatch', id],
    queryFn: () => getAdminDispatch(id!),
    enabled: !!id,
    staleTime: 0,
  });
}
