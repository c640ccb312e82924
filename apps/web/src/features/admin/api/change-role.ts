import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const changeRole = ({ userId, role }: { userId: string; role: Role }) =>
  api.post<{ success: true; message: string }>(`/api/admin/users/${userId}/role`, { role });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeRole, onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }) });
}
