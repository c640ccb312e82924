import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n';

/** While a content page is read (a page opened in the browser), or when it could not be. */
export function ContentState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT('pages');
  if (!error) return <Skeleton className="h-72" />;
  return (
    <EmptyState message={errorMessage(error)}>
      <Button variant="outline" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </EmptyState>
  );
}
