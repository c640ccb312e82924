import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Banner {
  image: string;
  headline: string;
  text: string;
  link: string;
}

export interface HomeContent {
  banners: Banner[];
  slides: string[];
}

export const homeContentQuery = queryOptions({
  queryKey: ['home-content'],
  queryFn: async (): Promise<HomeContent> => {
    const res = await api.get<{ success: true } & HomeContent>('/api/content/home');
    return { banners: res.banners ?? [], slides: res.slides ?? [] };
  },
  staleTime: 10 * 60_000,
});

export const useHomeContent = () => useQuery(homeContentQuery);
