import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer, Role } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Grants or withdraws one role, keeping the others (`POST /api/admin/users/:id/role`). */
export const changeRole = ({ userId, role, grant }: { userId: string; role: Role; grant: boolean }) =>
  api.post<MessageAnswer>(`/api/admin/users/${userId}/role`, { role, grant });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
