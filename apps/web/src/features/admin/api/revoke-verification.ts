import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Withdraws an account's verified email and phone (`POST /api/admin/users/:id/revoke-verification`). */
const revokeVerification = (userId: string) =>
  api.post<MessageAnswer>(`/api/admin/users/${userId}/revoke-verification`);

export function useRevokeVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeVerification,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
