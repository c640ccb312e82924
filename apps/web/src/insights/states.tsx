import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api-client';
import { useT } from '../i18n';

/** Placeholders in the dashboard's shape while its figures load (no layout shift when they come). */
export function InsightsLoading() {
  const t = useT('insights');
  return (
    <div role="status" aria-label={t('insights.loading')} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-64" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** The server's refusal (or the network's), and a button to ask again. */
export function InsightsError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT('insights');
  return (
    <div role="alert">
      <EmptyState message={errorMessage(error)}>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          {t('insights.retry')}
        </Button>
      </EmptyState>
    </div>
  );
}

/** Nothing to draw for this part of the period. */
export function InsightsEmpty({ message }: { message: string }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-stone-700">{message}</p>
  );
}
