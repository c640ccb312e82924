import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageAnswer,
  PromotionBarInput,
  PromotionAnswer,
  PromotionInput,
  PromotionsAnswer,
  PromotionUsesAnswer,
  RequestBody,
  VendorListAnswer,
} from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/admin/promotions`: every offer, the platform's and the shops'. */
const getAdminPromotions = async () => (await api.get<PromotionsAnswer>('/api/admin/promotions')).promotions;

const adminPromotionsQuery = queryOptions({
  queryKey: ['admin', 'promotions'],
  queryFn: getAdminPromotions,
  staleTime: 5_000,
});

export function useAdminPromotions() {
  return useQuery(adminPromotionsQuery);
}

/** `POST /api/admin/promotions` or `PUT /api/admin/promotions/:id`: a platform-funded offer. */
const saveAdminPromotion = async ({ id, body }: { id?: string; body: RequestBody<typeof PromotionInput> }) =>
  (id
    ? await api.put<PromotionAnswer, typeof PromotionInput>(`/api/admin/promotions/${id}`, body)
    : await api.post<PromotionAnswer, typeof PromotionInput>('/api/admin/promotions', body)
  ).promotion;

export function useSaveAdminPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAdminPromotion,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'promotions'] }),
  });
}

/** `GET /api/admin/promotions/:id/uses`: who used an offer, how often, for how much. */
const getPromotionUses = async (id: string) =>
  (await api.get<PromotionUsesAnswer>(`/api/admin/promotions/${id}/uses`)).people;

export function usePromotionUses(id: string) {
  return useQuery({
    queryKey: ['admin', 'promotions', id, 'uses'],
    queryFn: () => getPromotionUses(id),
    staleTime: 0,
  });
}

/** `POST /api/admin/promotions/people/:userId/bar`: the account may no longer use any offer (or may again). */
const barPromotionUser = ({ userId, ...body }: { userId: string } & RequestBody<typeof PromotionBarInput>) =>
  api.post<MessageAnswer, typeof PromotionBarInput>(`/api/admin/promotions/people/${userId}/bar`, body);

export function useBarPromotionUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: barPromotionUser,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'promotions'] }),
  });
}

/** `GET /api/seller/list`: the shops an offer may be limited to. */
export function useShops() {
  return useQuery({
    queryKey: ['admin', 'shops'],
    queryFn: async () => (await api.get<VendorListAnswer>('/api/seller/list')).vendors,
    staleTime: 60_000,
  });
}
