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
import { GroupLine, SlotLine } from './slot-line';
import { batchPlace } from './batch';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../i18n';

/** A batch's drops on the board: who and where, in the order to deliver them (no phones before accepting). */
function BatchDrops({ drops }: { drops: NonNullable<JobDto['batch']>['drops'] }) {
  const t = useT('rider');
  return (
    <>
      {drops.map((d, i) => (
        <li key={d.orderId} data-testid="batch-drop">
          <span className="font-semibold">{t('rider.batch.drop', { number: i + 1 })}:</span>{' '}
          {d.label ? `${d.label}, ` : ''}
          {d.address}
          <DoorDetails door={d.door} address={d.address} />
        </li>
      ))}
    </>
  );
}

function JobCard({ job }: { job: JobDto }) {
  const t = useT('rider');
  // A batch (decision 0048): one job of several orders to one hall, taken together.
  const drops = job.batch && job.batch.drops.length > 1 ? job.batch.drops : null;
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
          {drops && (
            <span className="block text-xs text-stone-600">{t('rider.batch.pay', { count: drops.length })}</span>
          )}
          <span className="block text-xs text-stone-600">
            {t('rider.job.trip', { distance: job.distanceKm.toFixed(1) })}
          </span>
        </span>
      </div>
      {drops && (
        <p className="mt-2 font-semibold text-brand-900" data-testid="job-batch">
          {t('rider.batch.summary', { count: drops.length, place: batchPlace(drops) })}
        </p>
      )}
      {job.slot && <SlotLine slot={job.slot} />}
      {!!job.groupMembers && <GroupLine members={job.groupMembers} />}
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
        {drops ? (
          <BatchDrops drops={drops} />
        ) : (
          <li>
            <span className="font-semibold">{t('rider.job.dropoff')}:</span> {job.dropoff.address}
            <DoorDetails door={job.dropoff.door} address={job.dropoff.address} />
          </li>
        )}
      </ol>
      {job.note && <p className="mt-2 text-sm text-stone-600">{t('rider.job.note', { note: job.note })}</p>}
      <Button className="mt-3 w-full sm:w-auto" onClick={() => void handleAccept()} disabled={accept.isPending}>
        {drops ? t('rider.batch.accept', { count: drops.length }) : t('rider.board.accept')}
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
