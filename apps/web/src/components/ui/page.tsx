import { useEffect, type ReactNode } from 'react';
import { useT } from '../../i18n';

/** Sets the document title and gives every screen the same width and rhythm. */
export function Page({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const t = useT('common');
  const documentTitle = title ? t('common.pageTitle', { title }) : t('common.siteTitle');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return <div className={`mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10 ${className}`}>{children}</div>;
}
