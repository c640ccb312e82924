import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutDto } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerEarningsQuery } from './get-seller-earnings';

export const requestSellerPayout = async () => (await api.post<{ success: true; payout: PayoutDto }>('/api/seller/payouts')).payout;

export function useRequestSellerPayout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestSellerPayout, onSettled: () => qc.invalidateQueries({ queryKey: sellerEarningsQuery.queryKey }) });
}
