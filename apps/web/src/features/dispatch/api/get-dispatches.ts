import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatchListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const dispatchesQuery = queryOptions({
  queryKey: ['dispatches'],
  queryFn: async () => (await api.get<DispatchListAnswer>('/api/dispatch/user')).orders,
  // Statuses change under the user's eyes; live pushes keep it fresh, this is the fallback.
  staleTime: 10_000,
  refetchInterval: 60_000,
});

export const useDispatches = (enabled = true) => useQuery({ ...dispatchesQuery, enabled });
