import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutAnswer, PayoutInput } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerEarningsQuery } from './get-seller-earnings';

const requestSellerPayout = async (account: PayoutInput) =>
  (await api.post<PayoutAnswer, typeof PayoutInput>('/api/seller/payouts', account)).payout;

export function useRequestSellerPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestSellerPayout,
    onSettled: () => qc.invalidateQueries({ queryKey: sellerEarningsQuery.queryKey }),
  });
}
