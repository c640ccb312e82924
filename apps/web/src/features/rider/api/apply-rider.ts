import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RiderApplicationInput, RiderProfileDto } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { riderMeQuery } from './get-rider-me';

export const applyRider = async (input: RiderApplicationInput) => (await api.post<{ success: true; rider: RiderProfileDto }>('/api/rider/apply', input)).rider;

export function useApplyRider() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyRider, onSuccess: (r) => qc.setQueryData(riderMeQuery.queryKey, r) });
}
