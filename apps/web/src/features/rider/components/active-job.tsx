import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { DROP_OFF_WAIT_MS, type JobDto, type JobStop } from '@jara/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useActiveJobs } from '../api/get-active';
import { useDeliverJob, useJobAction, type JobRef } from '../api/job-actions';
import { GroupLine, SlotLine } from './slot-line';
import { batchPlace, groupActive } from './batch';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { DoorDetails } from '../../../components/ui/door-details';
import { CampusMap } from '../../../map';
import { Trans, useT, type MessageId } from '../../../i18n';

/** The phone's maps app at the stop (Android's `geo:` URI), else OpenStreetMap's directions in the browser. */
const geoUri = (s: JobStop) =>
  `geo:${s.latitude},${s.longitude}?q=${s.latitude},${s.longitude}(${encodeURIComponent(s.label || s.address)})`;
const webDirections = (s: JobStop) =>
  `https://www.openstreetmap.org/directions?to=${s.latitude}%2C${s.longitude}#map=18/${s.latitude}/${s.longitude}`;
const openMapsApp = (e: MouseEvent<HTMLAnchorElement>, s: JobStop) => {
  if (!/Android/i.test(navigator.userAgent)) return;
  e.preventDefault();
  window.location.href = geoUri(s);
};

function Stop({ title, stop }: { title: string; stop: JobStop }) {
  const t = useT('rider');
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{title}</p>
      <p className="font-semibold">{stop.label}</p>
      <p className="text-sm">{stop.address}</p>
      <DoorDetails door={stop.door} address={stop.address} className="mt-1" />
      {stop.items && (
        <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
          {stop.items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          href={webDirections(stop)}
          onClick={(e) => openMapsApp(e, stop)}
          target="_blank"
          rel="noreferrer"
          className={buttonClass('outline', 'sm')}
        >
          <Trans
            area="rider"
            id="rider.job.navigate"
            values={{ place: stop.label || stop.address }}
            components={{ hidden: <span className="sr-only" /> }}
          />
        </a>
        {stop.phone && (
          <a href={`tel:${stop.phone}`} className={buttonClass('ghost', 'sm')}>
            {t('rider.job.call', { phone: stop.phone })}
          </a>
        )}
      </div>
    </li>
  );
}

/** The pick-ups and the door's pin on the campus map: the list above says the same in words. */
function StopsMap({ job }: { job: JobDto }) {
  const t = useT('rider');
  const place = job.dropoff.label || job.dropoff.address;
  const point = (s: JobStop) => ({ latitude: s.latitude, longitude: s.longitude });
  return (
    <CampusMap
      className="mt-3"
      height={200}
      label={t('rider.job.mapLabel', { place })}
      fit={[...job.pickups.map(point), point(job.dropoff)]}
      markers={[
        ...job.pickups.map((p, i) => ({ id: `pickup-${i}`, kind: 'pickup' as const, label: p.label, ...point(p) })),
        { id: 'door', kind: 'door', label: t('rider.job.door', { place }), ...point(job.dropoff) },
      ]}
    />
  );
}

function useCountdown(until: number | null) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  return until ? Math.max(0, until - now) : null;
}

function CodeForm({ job }: { job: JobDto }) {
  const t = useT('rider');
  const id = useId();
  const [code, setCode] = useState('');
  const deliver = useDeliverJob();
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}$/.test(code)) return toast.error(t('rider.code.required'));
    try {
      await deliver.mutateAsync({ kind: job.kind, id: job._id, code });
      toast.success(t('rider.code.delivered'));
    } catch (err) {
      toast.error(errorMessage(err));
      setCode('');
    }
  };
  const left = 5 - (job.codeAttempts ?? 0);
  return (
    <form onSubmit={handleSubmit} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('rider.code.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{4}"
          maxLength={4}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
          className="h-12 w-32 rounded-xl border border-stone-300 bg-white px-4 text-center font-mono text-2xl tracking-[0.5em]"
          aria-describedby={`${id}-hint`}
        />
        <Button type="submit" disabled={deliver.isPending || code.length !== 4}>
          {t('rider.code.submit')}
        </Button>
      </div>
      <p id={`${id}-hint`} data-keep-clear className="text-xs text-stone-600">
        {t('rider.code.hint', { left })}
      </p>
    </form>
  );
}

function ActiveJobCard({ job }: { job: JobDto }) {
  const t = useT('rider');
  const picked = useJobAction('picked');
  const arrived = useJobAction('arrived');
  const absent = useJobAction('absent');
  const until = job.arrivedAt ? new Date(job.arrivedAt).getTime() + DROP_OFF_WAIT_MS : null;
  const left = useCountdown(until);
  // The rider's own words for each step, not the server's answer: the toast speaks the rider's language.
  const run = async (m: { mutateAsync: (ref: JobRef) => Promise<unknown> }, done: MessageId<'rider'>) => {
    try {
      await m.mutateAsync({ kind: job.kind, id: job._id });
      toast.success(t(done));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const mins =
    left !== null ? `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}` : '';
  return (
    <Card>
      {job.batch && job.batch.of > 1 && (
        <p
          className="mb-1 inline-block rounded-full bg-brand-900 px-2.5 py-0.5 text-xs font-bold text-white"
          data-testid="job-stop"
        >
          {t('rider.batch.stop', { stop: job.batch.stop, of: job.batch.of })}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t(job.kind === 'order' ? 'rider.job.orderNumber' : 'rider.job.dispatchNumber', {
            number: job._id.slice(0, 8),
          })}
          {job.isExpress ? ` · ${t('rider.job.express')}` : ''}
        </p>
        <StatusPill status={job.status} />
      </div>
      <p className="text-sm text-stone-600">
        {t('rider.job.tripAndFee', { distance: job.distanceKm.toFixed(1), fee: formatPrice(job.riderFee) })}
      </p>
      {job.slot && <SlotLine slot={job.slot} />}
      {!!job.groupMembers && <GroupLine members={job.groupMembers} />}
      {job.locked ? (
        <p className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" role="alert">
          {t('rider.active.locked')}
        </p>
      ) : null}
      <ol className="mt-3 space-y-2">
        {job.pickups.map((p, i) => (
          <Stop
            key={i}
            title={job.pickups.length > 1 ? t('rider.job.pickupNumber', { number: i + 1 }) : t('rider.job.pickup')}
            stop={p}
          />
        ))}
        <Stop title={t('rider.job.dropoff')} stop={job.dropoff} />
      </ol>
      <StopsMap job={job} />
      {job.note && <p className="mt-2 text-sm">{t('rider.job.note', { note: job.note })}</p>}
      <Link to={`/threads/${job.kind}/${job._id}`} className={buttonClass('outline', 'sm', 'mt-3')}>
        {t(job.kind === 'order' ? 'rider.active.chatOrder' : 'rider.active.chatDispatch')}
      </Link>
      {!job.locked && (
        <div className="mt-4 space-y-3 border-t border-stone-100 pt-3">
          {job.status === 'Order Assigned' && (
            <Button onClick={() => void run(picked, 'rider.active.picked')} disabled={picked.isPending}>
              {t('rider.active.pickedUp')}
            </Button>
          )}
          {job.status === 'Order Picked' && (
            <>
              <CodeForm job={job} />
              {!job.arrivedAt ? (
                <Button
                  variant="outline"
                  onClick={() => void run(arrived, 'rider.active.arrived')}
                  disabled={arrived.isPending}
                >
                  {t('rider.active.arrive')}
                </Button>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm" aria-live="polite">
                    {left && left > 0 ? t('rider.active.waiting', { time: mins }) : t('rider.active.waited')}
                  </p>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => void run(absent, 'rider.active.absentReported')}
                    disabled={absent.isPending || (left ?? 1) > 0}
                  >
                    {t('rider.active.absent')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </Card>
  );
}

/** The active jobs of one batch (decision 0048), together in the order to deliver them, each with its own code. */
function ActiveBatch({ batchId, jobs }: { batchId: string; jobs: JobDto[] }) {
  const t = useT('rider');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="active-batch" data-batch-id={batchId}>
      <h2 id={headingId} className="text-lg font-bold">
        {t('rider.batch.summary', { count: jobs.length, place: batchPlace(jobs.map((j) => j.dropoff)) })}
      </h2>
      <p className="mb-2 text-sm text-stone-600">{t('rider.batch.activeHint')}</p>
      <ol className="space-y-3 border-l-4 border-brand-200 pl-3">
        {jobs.map((j) => (
          <li key={`${j.kind}:${j._id}`} data-testid="active-job" data-job-id={j._id}>
            <ActiveJobCard job={j} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ActiveJobs() {
  const t = useT('rider');
  const { data, isPending, isError, error } = useActiveJobs(true);
  if (isPending) return <Skeleton className="h-64" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  if (!data.length) return <EmptyState message={t('rider.active.empty')} />;
  return (
    <ul className="space-y-3" aria-label={t('rider.active.label')}>
      {groupActive(data).map((entry) =>
        'job' in entry ? (
          <li key={`${entry.job.kind}:${entry.job._id}`} data-testid="active-job" data-job-id={entry.job._id}>
            <ActiveJobCard job={entry.job} />
          </li>
        ) : (
          <li key={`batch:${entry.batchId}`}>
            <ActiveBatch batchId={entry.batchId} jobs={entry.jobs} />
          </li>
        ),
      )}
    </ul>
  );
}
