import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, Role } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface Session {
  user: PublicUser | null;
  role: Role | null;
}

interface IsAuthAnswer {
  success: boolean;
  user: PublicUser | null;
  role?: Role;
}

export const getSession = async (): Promise<Session> => {
  const res = await api.get<IsAuthAnswer>('/api/user/is-auth', { allowUnsuccessful: true });
  return res.success && res.user ? { user: res.user, role: res.role ?? res.user.role } : { user: null, role: null };
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
