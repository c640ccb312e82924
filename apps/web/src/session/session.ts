import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IsAuthAnswer, PublicUser } from '@jara/shared';
import { api } from '../lib/api-client';

/** Who is signed in, as `/api/user/is-auth` says (both null for a guest). */
export type Session = Pick<IsAuthAnswer, 'user' | 'role'>;

const getSession = async (): Promise<Session> => {
  const res = await api.get<IsAuthAnswer>('/api/user/is-auth', { allowUnsuccessful: true });
  return res.success ? { user: res.user, role: res.role } : { user: null, role: null };
};

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: getSession,
  staleTime: 5 * 60_000,
});

export function useSession() {
  const q = useQuery(sessionQuery);
  return { user: q.data?.user ?? null, role: q.data?.role ?? null, isLoading: q.isPending };
}

export function useSetSession() {
  const qc = useQueryClient();
  return (user: PublicUser | null) =>
    qc.setQueryData<Session>(sessionQuery.queryKey, { user, role: user?.role ?? null });
}
