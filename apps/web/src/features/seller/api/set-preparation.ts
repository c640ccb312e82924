import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreparationTimeInput, SellerOpenAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerMeQuery } from './get-seller-me';

const setPreparationMinutes = async (preparationMinutes: number) =>
  (
    await api.post<SellerOpenAnswer, typeof PreparationTimeInput>('/api/seller/preparation', {
      preparationMinutes,
    })
  ).vendor;

/** Saves how long the shop takes to prepare an order; the profile in the cache follows. */
export function useSetPreparationMinutes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPreparationMinutes,
    onSuccess: (v) => qc.setQueryData(sellerMeQuery.queryKey, v),
  });
}
