import { toast } from '../../../lib/toast';
import { DoorDetails } from '../../../components/ui/door-details';
import { useNavigate } from 'react-router';
import { formatDayTime, type JobDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useJobBoard } from '../api/get-jobs';
import { useJobAction } from '../api/job-actions';
import { SlotLine } from './slot-line';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../i18n';

function JobCard({ job }: { job: JobDto }) {
  const t = useT('rider');
  const accept = useJobAction('accept');
  const navigate = useNavigate();
  const handleAccept = async () => {
    try {
      await accept.mutateAsync({ kind: job.kind, id: job._id });
      toast.success(t('rider.board.accepted'));
      void navigate('/rider/active');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
          {job.kind === 'order' ? t('rider.job.order') : t('rider.job.dispatch')}
        </span>
        {job.isExpress && (
          <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold text-brand-950">
            {t('rider.job.express')}
          </span>
        )}
        <span className="text-xs text-stone-600">
          {t('rider.job.paid', { time: formatDayTime(job.paidAt ?? job.createdAt) })}
        </span>
        <span className="ml-auto text-right">
          <span className="block text-lg font-bold">{formatPrice(job.riderFee)}</span>
          <span className="block text-xs text-stone-600">
            {t('rider.job.trip', { distance: job.distanceKm.toFixed(1) })}
          </span>
        </span>
      </div>
      {job.slot && <SlotLine slot={job.slot} />}
      <ol className="mt-3 space-y-1.5 text-sm">
        {job.pickups.map((p, i) => (
          <li key={i}>
            <span className="font-semibold">
              {job.pickups.length > 1 ? t('rider.job.pickupNumber', { number: i + 1 }) : t('rider.job.pickup')}:
            </span>{' '}
            {p.label ? `${p.label}, ` : ''}
            {p.address}
            <DoorDetails door={p.door} address={p.address} />
          </li>
        ))}
        <li>
          <span className="font-semibold">{t('rider.job.dropoff')}:</span> {job.dropoff.address}
          <DoorDetails door={job.dropoff.door} address={job.dropoff.address} />
        </li>
      </ol>
      {job.note && <p className="mt-2 text-sm text-stone-600">{t('rider.job.note', { note: job.note })}</p>}
      <Button className="mt-3 w-full sm:w-auto" onClick={() => void handleAccept()} disabled={accept.isPending}>
        {t('rider.board.accept')}
      </Button>
    </Card>
  );
}

export function JobBoard({ online }: { online: boolean }) {
  const t = useT('rider');
  const { data, isPending, isError, error, refetch } = useJobBoard(online);
  if (!online) return <EmptyState message={t('rider.board.offline')} />;
  if (isPending)
    return (
      <div role="status" aria-label={t('rider.board.loading')} className="space-y-3">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    );
  if (isError)
    return (
      <EmptyState message={errorMessage(error)}>
        <Button onClick={() => void refetch()}>{t('rider.tryAgain')}</Button>
      </EmptyState>
    );
  if (!data.length) return <EmptyState message={t('rider.board.empty')} />;
  return (
    <ul className="space-y-3" aria-label={t('rider.board.label')}>
      {data.map((j) => (
        <li key={`${j.kind}:${j._id}`} data-testid="job-card" data-job-id={j._id}>
          <JobCard job={j} />
        </li>
      ))}
    </ul>
  );
}
