import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOADER_REDIRECT_MS, safeNextPath } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';

/** Payment return page: spinner, then /{next} after 5 s (internal paths only). */
export function LoaderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeNextPath(params.get('next'));
  useEffect(() => {
    const t = setTimeout(() => navigate(target, { replace: true }), LOADER_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate, target]);
  return (
    <Page title="Please wait">
      <div className="grid min-h-[55vh] place-items-center text-center">
        <div className="flex flex-col items-center gap-4">
          <Spinner size={56} label="Confirming, please wait" />
          <p className="text-lg font-semibold text-brand-900">Confirming your payment…</p>
          <p className="text-sm text-stone-600">You will be redirected in a few seconds.</p>
        </div>
      </div>
    </Page>
  );
}
