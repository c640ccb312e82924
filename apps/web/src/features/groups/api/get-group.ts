import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAnswer, GroupDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/group/:id`: the group as the caller (a member) sees it. */
const groupQuery = (id: string) =>
  queryOptions({
    queryKey: ['groups', id],
    queryFn: async (): Promise<GroupDto> => (await api.get<GroupAnswer>(`/api/group/${id}`)).group,
    // Members change it from their phones: always ask again on a visit (and on each group.updated).
    staleTime: 0,
  });

export function useGroup(id: string, enabled: boolean) {
  return useQuery({ ...groupQuery(id), enabled });
}
