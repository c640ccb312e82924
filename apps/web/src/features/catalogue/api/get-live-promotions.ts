import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionCovers, type LivePromotionDto, type LivePromotionsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/promotions/live`: the automatic promotions running now, asked once per page load
 * (after the page has painted and hydrated: a server render never asks) and kept for the visit.
 */
const livePromotionsQuery = queryOptions({
  queryKey: ['promotions', 'live'],
  queryFn: async () => (await api.get<LivePromotionsAnswer>('/api/promotions/live')).promotions,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The live promotions about a product (promotionCovers: its shop, category or the product itself). */
export function useLivePromotions(product: { _id: string; vendorId: string; category: string }): LivePromotionDto[] {
  const { data } = useQuery(livePromotionsQuery);
  return data?.filter((p) => promotionCovers(p, product)) ?? [];
}
