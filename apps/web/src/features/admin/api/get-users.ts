import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersAnswer, Role } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const getUsers = async (q: string, role: Role | '') => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (role) params.set('role', role);
  return (await api.get<AdminUsersAnswer>(`/api/admin/users?${params}`)).users;
};

export const usersQuery = (q: string, role: Role | '') =>
  queryOptions({ queryKey: ['admin', 'users', q, role], queryFn: () => getUsers(q, role), staleTime: 5_000 });

export function useUsers(q: string, role: Role | '') {
  return useQuery({ ...usersQuery(q, role), placeholderData: keepPreviousData });
}
