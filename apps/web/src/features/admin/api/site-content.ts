import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language, SiteContentAnswer, SiteContentBody, SiteContentKey } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/content/:key/:language: the page as saved, with when. */
export function useAdminSiteContent<K extends SiteContentKey>(key: K, language: Language) {
  return useQuery({
    queryKey: ['admin', 'site-content', key, language],
    queryFn: () => api.get<SiteContentAnswer<K>>(`/api/admin/content/${key}/${language}`),
  });
}

/** PUT /api/admin/content/:key/:language (the body checked by the page's own schema on both sides). */
const saveContent = ({ key, language, body }: { key: SiteContentKey; language: Language; body: SiteContentBody }) =>
  api.put<SiteContentAnswer>(`/api/admin/content/${key}/${language}`, body as never);
export function useSaveSiteContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: (answer) => {
      qc.setQueryData(['admin', 'site-content', answer.key, answer.language], answer);
      // The public page, if open in this tab, reads the new words.
      void qc.invalidateQueries({ queryKey: ['site-content', answer.key, answer.language] });
    },
  });
}
