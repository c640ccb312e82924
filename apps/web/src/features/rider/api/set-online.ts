import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineInput, RiderAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { riderMeQuery } from './get-rider-me';

const setOnline = async (isOnline: boolean) =>
  (await api.post<RiderAnswer, typeof OnlineInput>('/api/rider/online', { isOnline })).rider;

export function useSetOnline() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setOnline, onSuccess: (r) => qc.setQueryData(riderMeQuery.queryKey, r) });
}
