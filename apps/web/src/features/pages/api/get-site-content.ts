import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, SiteContentAnswer, SiteContentKey } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../i18n';

/**
 * GET /api/content/:key?lang=: a content page (FAQ, terms, contact details) as the admin wrote it.
 * The language is in the URL: the server render reads without the visitor's cookie.
 */
export const siteContentQuery = <K extends SiteContentKey>(key: K, language: Language) =>
  queryOptions({
    queryKey: ['site-content', key, language],
    queryFn: async () => api.get<SiteContentAnswer<K>>(`/api/content/${key}?lang=${language}`),
    staleTime: 10 * 60_000,
  });

/** The page in the current language. */
export function useSiteContent<K extends SiteContentKey>(key: K) {
  return useQuery(siteContentQuery(key, useLanguage()));
}
