import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionAnswer, PromotionInput, PromotionsAnswer, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/seller/promotions`: the shop's own offers, with their uses and what they cost it. */
const getSellerPromotions = async () => (await api.get<PromotionsAnswer>('/api/seller/promotions')).promotions;

const sellerPromotionsQuery = queryOptions({
  queryKey: ['seller', 'promotions'],
  queryFn: getSellerPromotions,
  staleTime: 10_000,
});

export function useSellerPromotions() {
  return useQuery(sellerPromotionsQuery);
}

/** `POST /api/seller/promotions` (a new offer) or `PUT /api/seller/promotions/:id` (edit, or end with `active: false`). */
const saveSellerPromotion = async ({ id, body }: { id?: string; body: RequestBody<typeof PromotionInput> }) =>
  (id
    ? await api.put<PromotionAnswer, typeof PromotionInput>(`/api/seller/promotions/${id}`, body)
    : await api.post<PromotionAnswer, typeof PromotionInput>('/api/seller/promotions', body)
  ).promotion;

export function useSaveSellerPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSellerPromotion,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'promotions'] }),
  });
}
