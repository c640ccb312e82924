import { dispatchCancelWindow, isDispatchCompleted, type DispatchDto } from '@jara/shared';
import { CancelNotice, cancelStop, useCancelCountdown } from '../../../delivery/cancel-notice';
import { RateRider } from '../../../delivery/rate-rider';
import { TrackingTimeline } from '../../../delivery/tracking-timeline';
import { Button } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { formatPrice } from '../../../lib/money';
import { useCancelDispatch } from '../api/cancel-dispatch';
import { CodeBoxes } from './code-boxes';

const STATUS_STYLE: Record<string, string> = {
  'Order Placed': 'bg-accent-100 text-accent-700',
  'Order Assigned': 'bg-sky-100 text-sky-800',
  'Order Picked': 'bg-indigo-100 text-indigo-800',
  'Order Delivered': 'bg-brand-100 text-brand-800',
  'Order Cancelled': 'bg-red-100 text-red-800',
};

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function DispatchCard({ dispatch: d }: { dispatch: DispatchDto }) {
  const cancel = useCancelDispatch();
  const completed = isDispatchCompleted(d.status);
  const msLeft = useCancelCountdown(d.canCancel, d.cancelUntil);
  // Listed dispatches are paid; the status says whether a rider has it, and the server whether the
  // window is shut, so its creation stands in for the payment time here.
  const stop = cancelStop(dispatchCancelWindow(d.status, false, Date.parse(d.createdAt), Date.now()));
  const handleCancel = () => {
    // The same confirmation as an order's: a mis-tap must not cancel a parcel.
    if (!window.confirm('Cancel this dispatch? You will get a full refund.')) return;
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
          <h3 id={`dispatch-${d._id}-title`} className="text-base font-bold">
            To {d.dropoff.firstName} {d.dropoff.lastName}
          </h3>
          <p className="text-sm text-stone-600">
            <time dateTime={d.createdAt}>{dateFormat.format(new Date(d.createdAt))}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {d.isExpress && (
            <span className="rounded-full bg-accent-400 px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-brand-950">
              Express
            </span>
          )}
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLE[d.status] ?? 'bg-stone-100 text-stone-800'}`}
          >
            <span className="sr-only">Status: </span>
            {d.status}
          </span>
        </div>
      </header>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-stone-500">Drop-off</dt>
          <dd className="break-words text-stone-900">
            {d.dropoff.address}
            <DoorDetails door={d.dropoff.door} address={d.dropoff.address} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-500">Phone</dt>
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
          <dt className="font-medium text-stone-500">Pick-up</dt>
          <dd className="break-words text-stone-900">
            {d.pickup.address}
            <DoorDetails door={d.pickup.door} address={d.pickup.address} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-500">Delivery fee</dt>
          <dd className="font-semibold text-brand-900">
            {formatPrice(d.deliveryFee)}{' '}
            <span className="font-normal text-stone-600">· total paid {formatPrice(d.amount)}</span>
          </dd>
        </div>
        {d.deliveryNote && (
          <div className="sm:col-span-2">
            <dt className="font-medium text-stone-500">Note</dt>
            <dd className="whitespace-pre-line break-words text-stone-900">{d.deliveryNote}</dd>
          </div>
        )}
      </dl>

      <TrackingTimeline tracking={d} />

      {d.deliveryCode && !completed && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 p-3">
          <div>
            <p className="text-sm font-semibold text-brand-900">Delivery code</p>
            <p className="text-xs text-stone-600">
              Pass it on to the recipient by phone (we emailed it to them too); the rider needs it to finish the
              delivery.
            </p>
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
            aria-label={`Cancel dispatch to ${d.dropoff.firstName} ${d.dropoff.lastName}`}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel dispatch'}
          </Button>
        </div>
      )}
    </article>
  );
}
