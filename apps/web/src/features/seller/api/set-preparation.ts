import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreparationTimeInput, RequestBody, SellerOpenAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { sellerMeQuery } from './get-seller-me';

const setPreparation = async (body: RequestBody<typeof PreparationTimeInput>) =>
  (await api.post<SellerOpenAnswer, typeof PreparationTimeInput>('/api/seller/preparation', body)).vendor;

/**
 * Saves how long the shop takes to prepare an order and how many orders for later it takes per
 * delivery slot; the profile in the cache follows.
 */
export function useSetPreparationMinutes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPreparation,
    onSuccess: (v) => qc.setQueryData(sellerMeQuery.queryKey, v),
  });
}
