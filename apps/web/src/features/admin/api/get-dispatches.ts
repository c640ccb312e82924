import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDispatchAnswer, AdminDispatchesAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import type { OrderFilters } from './get-orders';

const qs = (f: OrderFilters) => new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();

export const getAdminDispatches = async (f: OrderFilters) =>
  (await api.get<AdminDispatchesAnswer>(`/api/admin/dispatches?${qs(f)}`)).dispatches;

export function useAdminDispatches(f: OrderFilters) {
  return useQuery({
    ...queryOptions({ queryKey: ['admin', 'dispatches', f], queryFn: () => getAdminDispatches(f), staleTime: 0 }),
    placeholderData: keepPreviousData,
  });
}

export const getAdminDispatch = async (id: string) =>
  (await api.get<AdminDispatchAnswer>(`/api/admin/dispatches/${id}`)).dispatch;

export function useAdminDispatch(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'dispatch', id],
    queryFn: () => getAdminDispatch(id!),
    enabled: !!id,
    staleTime: 0,
  });
}
