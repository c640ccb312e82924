import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/ui/not-found';
import { Button } from '../components/ui/button';
import { useT } from '../i18n';

export function RouteError() {
  const t = useT('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A lazy chunk that no longer exists (new deploy) is fixed by a reload.
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{t('msg.somethingWrong')}</h1>
      <p className="mt-2 text-stone-600">{t('common.reloadHelp')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}
