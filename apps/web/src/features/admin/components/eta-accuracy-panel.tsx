import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n';
import { useEtaAccuracy } from '../api/get-eta-accuracy';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}

/**
 * /admin/eta: how well "Arriving in about 7 min" kept its word. The estimate given when the rider
 * picked up, against the minutes the delivery really took, over the latest delivered jobs.
 */
export function EtaAccuracyPanel() {
  const t = useT('admin');
  const { data, isPending, isError, error, refetch, isFetching } = useEtaAccuracy();
  return (
    <section aria-labelledby="eta-accuracy-heading" className="space-y-4">
      <div>
        <h2 id="eta-accuracy-heading" className="text-xl font-bold">
          {t('admin.eta.heading')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('admin.eta.intro')}</p>
      </div>
      {isPending ? (
        <div role="status" aria-label={t('admin.eta.loading')} className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            {t('common.tryAgain')}
          </Button>
        </EmptyState>
      ) : data.jobs === 0 || data.medianErrorMinutes === null || data.withinFiveMinutes === null ? (
        <EmptyState message={t('admin.eta.empty')} />
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label={t('admin.eta.jobs')} value={t('admin.eta.jobsCount', { count: data.jobs })} />
          <Figure label={t('admin.eta.median')} value={t('admin.eta.minutes', { minutes: data.medianErrorMinutes })} />
          <Figure
            label={t('admin.eta.within')}
            value={t('admin.eta.percent', { percent: Math.round(data.withinFiveMinutes * 100) })}
          />
        </dl>
      )}
    </section>
  );
}
