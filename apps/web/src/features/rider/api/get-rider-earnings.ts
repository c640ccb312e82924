import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsAnswer, PayoutInput, PayoutAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getRiderEarnings = async () => (await api.get<EarningsAnswer>('/api/rider/earnings')).earnings;

export const riderEarningsQuery = queryOptions({
  queryKey: ['rider', 'earnings'],
  queryFn: getRiderEarnings,
  staleTime: 0,
});

export function useRiderEarnings() {
  return useQuery(riderEarningsQuery);
}

const requestRiderPayout = async (account: PayoutInput) =>
  (await api.post<PayoutAnswer, typeof PayoutInput>('/api/rider/payouts', account)).payout;

export function useRequestRiderPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestRiderPayout,
    onSettled: () => qc.invalidateQueries({ queryKey: riderEarningsQuery.queryKey }),
  });
}
