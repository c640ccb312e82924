import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/group`: the caller's group orders, newest first. */
const myGroupsQuery = queryOptions({
  queryKey: ['groups', 'mine'],
  queryFn: async () => (await api.get<GroupListAnswer>('/api/group')).groups,
  staleTime: 0,
});

export function useMyGroups(enabled: boolean) {
  return useQuery({ ...myGroupsQuery, enabled });
}
