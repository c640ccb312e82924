import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeContentAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type HomeContent = Omit<HomeContentAnswer, 'success'>;

export const homeContentQuery = queryOptions({
  queryKey: ['home-content'],
  queryFn: async (): Promise<HomeContent> => {
    const res = await api.get<HomeContentAnswer>('/api/content/home');
    return { banners: res.banners ?? [], slides: res.slides ?? [] };
  },
  staleTime: 10 * 60_000,
});

export const useHomeContent = () => useQuery(homeContentQuery);
