import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RiderApplicationInput, RiderApplyAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { riderMeQuery } from './get-rider-me';

const applyRider = async (input: RiderApplicationInput) =>
  (await api.post<RiderApplyAnswer, typeof RiderApplicationInput>('/api/rider/apply', input)).rider;

export function useApplyRider() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyRider, onSuccess: (r) => qc.setQueryData(riderMeQuery.queryKey, r) });
}
