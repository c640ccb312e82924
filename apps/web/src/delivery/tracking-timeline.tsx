import {
  formatDayTime,
  type RefundStatusDto,
  type TrackingDto,
  type TrackingStepDto,
  type TrackingStepKey,
} from '@jara/shared';
import { formatPrice } from '../lib/money';
import { StarIcon } from '../components/ui/icons';
import { Trans, useT, type MessageId, type Translate } from '../i18n';

const REFUND_TEXT: Record<RefundStatusDto['state'], MessageId<'delivery'>> = {
  pending: 'delivery.refund.pending',
  processed: 'delivery.refund.processed',
  failed: 'delivery.refund.failed',
};

/**
 * The server names each step in English, with a vendor's or rider's name or an amount inside
 * (apps/server/src/modules/tracking/tracking.ts): each form is read back to its message here, so
 * English shows the server's words exactly and Pidgin its own. A label of another form is shown as
 * it came.
 */
const STEP_TEXTS: [TrackingStepKey, RegExp, MessageId<'delivery'>][] = [
  ['placed', /^Order placed$/, 'delivery.step.orderPlaced'],
  ['placed', /^Dispatch placed$/, 'delivery.step.dispatchPlaced'],
  ['confirmed', /^Confirmed by the vendor$/, 'delivery.step.confirmedByTheVendor'],
  ['confirmed', /^Confirmed by the other vendors$/, 'delivery.step.confirmedByOthers'],
  ['confirmed', /^Confirmed by (?<vendor>.+)$/s, 'delivery.step.confirmedBy'],
  ['declined', /^Declined by (?<vendor>.+)$/s, 'delivery.step.declinedBy'],
  ['ready', /^Ready at (?<vendor>.+)$/s, 'delivery.step.readyAt'],
  ['assigned', /^Rider assigned$/, 'delivery.step.riderAssigned'],
  ['assigned', /^Rider assigned: (?<rider>.+)$/s, 'delivery.step.riderAssignedName'],
  ['picked', /^Picked up$/, 'delivery.step.picked'],
  ['arrived', /^Rider at the door$/, 'delivery.step.arrived'],
  ['delivered', /^Delivered$/, 'delivery.step.delivered'],
  ['cancelled', /^Cancelled by you$/, 'delivery.step.cancelledByYou'],
  ['cancelled', /^Cancelled by Jara support$/, 'delivery.step.cancelledBySupport'],
  ['refund_pending', /^Refund of (?<amount>.+) started$/s, 'delivery.step.refundStarted'],
  ['refunded', /^(?<amount>.+) refunded$/s, 'delivery.step.refunded'],
  ['refund_failed', /^Refund of (?<amount>.+) failed: support will contact you$/s, 'delivery.step.refundFailed'],
];

/** A step's label in the current language. */
function stepText(step: Pick<TrackingStepDto, 'key' | 'label'>, t: Translate<'delivery'>): string {
  for (const [key, pattern, id] of STEP_TEXTS) {
    if (key !== step.key) continue;
    const match = pattern.exec(step.label);
    if (match) return t(id, match.groups);
  }
  return step.label;
}

function StepRow({ step, last, current }: { step: TrackingStepDto; last: boolean; current: boolean }) {
  const t = useT('delivery');
  const done = step.at !== null;
  const bad = step.key === 'declined' || step.key === 'cancelled' || step.key === 'refund_failed';
  return (
    <li
      className="relative flex gap-3 pb-3 last:pb-0"
      data-testid="timeline-step"
      data-done={done}
      aria-current={current ? 'step' : undefined}
    >
      {!last && (
        <span
          aria-hidden="true"
          className={`absolute left-[7px] top-4 h-full w-0.5 ${done ? 'bg-brand-600' : 'bg-stone-200'}`}
        />
      )}
      <span
        aria-hidden="true"
        className={`relative mt-0.5 size-4 shrink-0 rounded-full border-2 ${
          bad ? 'border-red-600 bg-red-600' : done ? 'border-brand-700 bg-brand-700' : 'border-stone-300 bg-white'
        }`}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className={done ? 'font-semibold text-stone-900' : 'text-stone-500'}>
          {stepText(step, t)}
          {!done && <span className="sr-only"> {t('delivery.tracking.toCome')}</span>}
        </p>
        {step.note && (
          <p className="break-words text-stone-700">{t('delivery.tracking.reason', { note: step.note })}</p>
        )}
        {step.at && (
          <p className="text-xs text-stone-500">
            <time dateTime={step.at}>{formatDayTime(step.at)}</time>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Where an order or a dispatch is: the steps with their times (Lagos time), the rider once
 * assigned (first name, rating, a call button while they are on the way) and the refund.
 */
export function TrackingTimeline({ tracking }: { tracking: Partial<TrackingDto> }) {
  const t = useT('delivery');
  const steps = tracking.timeline ?? [];
  if (!steps.length) return null;
  const { rider, refund } = tracking;
  const lastDone = steps.map((s) => s.at !== null).lastIndexOf(true);
  return (
    <section aria-label={t('delivery.tracking.label')} className="space-y-3" data-testid="tracking">
      {rider && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-stone-50 p-3"
          data-testid="rider-card"
        >
          <div className="text-sm">
            <p className="font-semibold text-stone-900">{t('delivery.tracking.rider', { name: rider.firstName })}</p>
            <p className="flex items-center gap-1 text-stone-600">
              {rider.rating !== null ? (
                <>
                  <StarIcon size={14} filled className="text-accent-500" />
                  <span>{rider.rating.toFixed(1)}</span>
                  <span className="text-stone-500">
                    {t('delivery.tracking.ratingCount', { count: rider.ratingCount })}
                  </span>
                </>
              ) : (
                t('delivery.tracking.newRider')
              )}
            </p>
          </div>
          {rider.phone && (
            <a
              href={`tel:${rider.phone.replace(/[\s-]/g, '')}`}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('delivery.tracking.call', { name: rider.firstName })}
            </a>
          )}
        </div>
      )}
      {refund && (
        <p className="rounded-2xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="refund-status">
          <Trans
            area="delivery"
            id={REFUND_TEXT[refund.state]}
            values={{ amount: formatPrice(refund.amount) }}
            components={{ b: <span className="font-semibold" /> }}
          />
        </p>
      )}
      <ol aria-label={t('delivery.tracking.timeline')}>
        {steps.map((s, i) => (
          <StepRow key={`${s.key}-${i}`} step={s} last={i === steps.length - 1} current={i === lastDone} />
        ))}
      </ol>
    </section>
  );
}
