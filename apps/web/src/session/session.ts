import { useSyncExternalStore } from 'react';
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

const noSubscription = () => () => {};

/** True while React hydrates the server's page (the server's snapshot), false in every render after. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * Who is signed in. While the server's page is hydrated it is what the server rendered with, a
 * session not known yet (nothing personal is server-rendered), then React renders again with the
 * session. A part of the page hydrated later (a Suspense boundary) would otherwise hydrate with a
 * session fetched in the meantime, and keep the server's guest markup: React does not patch the
 * attributes of hydrated markup (the chat button stayed "Contact support" for a signed-in user).
 */
export function useSession() {
  const q = useQuery(sessionQuery);
  const hydrating = useHydrating();
  if (hydrating) return { user: null, role: null, isLoading: true };
  return { user: q.data?.user ?? null, role: q.data?.role ?? null, isLoading: q.isPending };
}

export function useSetSession() {
  const qc = useQueryClient();
  return (user: PublicUser | null) =>
    qc.setQueryData<Session>(sessionQuery.queryKey, { user, role: user?.role ?? null });
}
