import { useEffect } from 'react';
import { NotFound } from '../../../components/ui/not-found';
import { useT } from '../../../i18n';

export function NotFoundPage() {
  const t = useT('pages');
  const title = t('common.pageTitle', { title: t('common.notFound.title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    // Tell crawlers this is not a real page even though the SPA shell answered 200.
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return <NotFound />;
}
