import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannerAnswer, BannerInput, BannersAnswer, MessageAnswer, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/banners */
const getBanners = async () => (await api.get<BannersAnswer>('/api/admin/banners')).banners;
export function useBanners() {
  return useQuery({ queryKey: ['admin', 'banners'], queryFn: getBanners });
}

/** POST /api/admin/banners (new) or /api/admin/banners/:id (edit) */
const saveBanner = ({ id, body }: { id?: string; body: RequestBody<typeof BannerInput> }) =>
  api.post<BannerAnswer, typeof BannerInput>(id ? `/api/admin/banners/${id}` : '/api/admin/banners', body);
export function useSaveBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'banners'] }),
  });
}

/** POST /api/admin/banners/:id/delete */
const deleteBanner = (id: string) => api.post<MessageAnswer>(`/api/admin/banners/${id}/delete`);
export function useDeleteBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'banners'] }),
  });
}
