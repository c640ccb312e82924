import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer, RequestBody, RoleChangeInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Grants or withdraws one role, keeping the others (`POST /api/admin/users/:id/role`). */
const changeRole = ({ userId, ...change }: { userId: string } & RequestBody<typeof RoleChangeInput>) =>
  api.post<MessageAnswer, typeof RoleChangeInput>(`/api/admin/users/${userId}/role`, change);

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
