import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { dispatchCancelWindow, formatDayTime, isDispatchCompleted, type DispatchDto } from '@jara/shared';
import { CancelNotice, cancelStop, useCancelCountdown } from '../../../delivery/cancel-notice';
import { RateRider } from '../../../delivery/rate-rider';
import { LiveTracking } from '../../../delivery/live-tracking';
import { useStatusLabel } from '../../../delivery/status-label';
import { TrackingTimeline } from '../../../delivery/tracking-timeline';
import { Button } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { formatPrice } from '../../../lib/money';
import { useCancelDispatch } from '../api/cancel-dispatch';
import { CodeBoxes } from './code-boxes';
import { t as translate, useT } from '../../../i18n';

const STATUS_STYLE: Record<string, string> = {
  'Order Placed': 'bg-accent-100 text-accent-700',
  'Order Assigned': 'bg-sky-100 text-sky-800',
  'Order Picked': 'bg-indigo-100 text-indigo-800',
  'Order Delivered': 'bg-brand-100 text-brand-800',
  'Order Cancelled': 'bg-red-100 text-red-800',
};

export function DispatchCard({ dispatch: d }: { dispatch: DispatchDto }) {
  const t = useT('dispatch');
  const statusLabel = useStatusLabel();
  const cancel = useCancelDispatch();
  const completed = isDispatchCompleted(d.status);
  const msLeft = useCancelCountdown(d.canCancel, d.cancelUntil);
  // Listed dispatches are paid; the status says whether a rider has it, and the server whether the
  // window is shut, so its creation stands in for the payment time here.
  const stop = cancelStop(dispatchCancelWindow(d.status, false, Date.parse(d.createdAt), Date.now()));
  const handleCancel = () => {
    // The same confirmation as an order's: a mis-tap must not cancel a parcel.
    if (!window.confirm(translate('dispatch', 'dispatch.card.cancelConfirm'))) return;
    cancel.mutate(d._id);
  };
  return (
    <article
      aria-labelledby={`dispatch-${d._id}-title`}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5"
      data-testid="dispatch-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {/* h2: the cards are the sections of the page's h1, as the notifications offer below them is. */}
          <h2 id={`dispatch-${d._id}-title`} className="text-base font-bold">
            {t('dispatch.card.to', { firstName: d.dropoff.firstName, lastName: d.dropoff.lastName })}
          </h2>
          <p className="text-sm text-stone-600">
            <time dateTime={d.createdAt}>{formatDayTime(d.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {d.isExpress && (
            <span className="rounded-full bg-accent-400 px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-brand-950">
              {t('dispatch.card.express')}
            </span>
          )}
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLE[d.status] ?? 'bg-stone-100 text-stone-800'}`}
          >
            <span className="sr-only">{t('dispatch.card.status')} </span>
            {statusLabel(d.status)}
          </span>
        </div>
      </header>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-stone-500">{t('dispatch.card.dropoff')}</dt>
          <dd className="break-words text-stone-900">
            {d.dropoff.address}
            <DoorDetails door={d.dropoff.door} address={d.dropoff.address} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-500">{t('dispatch.card.phone')}</dt>
          <dd>
            <a
              href={`tel:${d.dropoff.phone.replace(/[\s-]/g, '')}`}
              className="text-brand-800 underline-offset-2 hover:underline"
            >
              {d.dropoff.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-500">{t('dispatch.card.pickup')}</dt>
          <dd className="break-words text-stone-900">
            {d.pickup.address}
            <DoorDetails door={d.pickup.door} address={d.pickup.address} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-500">{t('dispatch.card.deliveryFee')}</dt>
          <dd className="font-semibold text-brand-900">
            {formatPrice(d.deliveryFee)}{' '}
            <span className="font-normal text-stone-600">
              {t('dispatch.card.totalPaid', { amount: formatPrice(d.amount) })}
            </span>
          </dd>
        </div>
        {d.deliveryNote && (
          <div className="sm:col-span-2">
            <dt className="font-medium text-stone-500">{t('dispatch.card.note')}</dt>
            <dd className="whitespace-pre-line break-words text-stone-900">{d.deliveryNote}</dd>
          </div>
        )}
      </dl>

      {!completed && <LiveTracking kind="dispatch" id={d._id} stage={d.status} />}
      <TrackingTimeline tracking={d} />
      <Link to={`/threads/dispatch/${d._id}`} className={buttonClass('outline', 'sm')}>
        {t('dispatch.card.chat')}
      </Link>

      {d.deliveryCode && !completed && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 p-3">
          <div>
            <p className="text-sm font-semibold text-brand-900">{t('dispatch.card.code')}</p>
            <p className="text-xs text-stone-600">{t('dispatch.card.codeHelp')}</p>
          </div>
          <CodeBoxes code={d.deliveryCode} />
        </div>
      )}

      {d.status === 'Order Delivered' && <RateRider subjectType="dispatch" subjectId={d._id} />}

      <CancelNotice kind="dispatch" msLeft={msLeft} stop={stop} />
      {msLeft !== null && (
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={handleCancel}
            disabled={cancel.isPending}
            aria-label={t('dispatch.card.cancelTo', { firstName: d.dropoff.firstName, lastName: d.dropoff.lastName })}
          >
            {cancel.isPending ? t('dispatch.card.cancelling') : t('dispatch.card.cancel')}
          </Button>
        </div>
      )}
    </article>
  );
}
