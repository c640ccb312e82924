import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDisputesAnswer, AdminDisputesQuery, DisputeState } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getAdminDisputes = async (state: DisputeState) =>
  (await api.get<AdminDisputesAnswer, typeof AdminDisputesQuery>('/api/admin/disputes', { query: { state } })).disputes;

const adminDisputesQuery = (state: DisputeState) =>
  queryOptions({ queryKey: ['admin', 'disputes', state], queryFn: () => getAdminDisputes(state), staleTime: 0 });

/** The disputes in one state: open ones oldest first, the queue to settle. */
export function useAdminDisputes(state: DisputeState) {
  return useQuery(adminDisputesQuery(state));
}
