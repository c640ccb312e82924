import { useEffect } from 'react';
import { NotFound } from '../../../components/ui/not-found';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · Jara';
    // Tell crawlers this is not a real page even though the SPA shell answered 200.
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return <NotFound />;
}
