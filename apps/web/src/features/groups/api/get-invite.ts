import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupInviteAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/group/invite/:token`: whose group a link is, before joining it. */
const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: ['groups', 'invite', token],
    queryFn: async () => (await api.get<GroupInviteAnswer>(`/api/group/invite/${encodeURIComponent(token)}`)).invite,
    staleTime: 0,
    retry: false,
  });

export function useInvite(token: string, enabled: boolean) {
  return useQuery({ ...inviteQuery(token), enabled });
}
