import { formatDayTime } from '@jara/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useJobHistory } from '../api/get-history';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../i18n';
import { StatusPill } from '../../../components/ui/status-pill';

export function JobHistory() {
  const t = useT('rider');
  const { data, isPending, isError, error } = useJobHistory();
  if (isPending) return <Skeleton className="h-40" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  if (!data.length) return <EmptyState message={t('rider.history.empty')} />;
  return (
    <ul className="space-y-2">
      {data.map((j) => (
        <li key={`${j.kind}:${j._id}`}>
          <Card className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold">
                {t(j.kind === 'order' ? 'rider.job.orderNumber' : 'rider.job.dispatchNumber', {
                  number: j._id.slice(0, 8),
                })}
              </p>
              <p className="text-sm text-stone-600">
                {formatDayTime(j.createdAt)} · {j.dropoff.address}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <span className="font-medium">{formatPrice(j.riderFee)}</span>
              <StatusPill status={j.status} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
