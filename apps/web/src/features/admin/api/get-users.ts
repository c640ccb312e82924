import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersAnswer, Role, UsersQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getUsers = async (q: string, role: Role | '') =>
  (await api.get<AdminUsersAnswer, typeof UsersQuery>('/api/admin/users', { query: { q, role: role || undefined } }))
    .users;

const usersQuery = (q: string, role: Role | '') =>
  queryOptions({ queryKey: ['admin', 'users', q, role], queryFn: () => getUsers(q, role), staleTime: 5_000 });

export function useUsers(q: string, role: Role | '') {
  return useQuery({ ...usersQuery(q, role), placeholderData: keepPreviousData });
}
