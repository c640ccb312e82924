import type { RefundStatusDto, TrackingDto, TrackingStepDto } from '@jara/shared';
import { fmtTime } from '../lib/format-time';
import { formatPrice } from '../lib/money';
import { StarIcon } from '../components/ui/icons';

const REFUND_TEXT: Record<RefundStatusDto['state'], string> = {
  pending: 'on its way to your payment method',
  processed: 'refunded',
  failed: 'failed: support will contact you',
};

function StepRow({ step, last, current }: { step: TrackingStepDto; last: boolean; current: boolean }) {
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
          {step.label}
          {!done && <span className="sr-only"> (to come)</span>}
        </p>
        {step.note && <p className="break-words text-stone-700">Reason: {step.note}</p>}
        {step.at && (
          <p className="text-xs text-stone-500">
            <time dateTime={step.at}>{fmtTime(step.at)}</time>
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
  const steps = tracking.timeline ?? [];
  if (!steps.length) return null;
  const { rider, refund } = tracking;
  const lastDone = steps.map((s) => s.at !== null).lastIndexOf(true);
  return (
    <section aria-label="Tracking" className="space-y-3" data-testid="tracking">
      {rider && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-stone-50 p-3"
          data-testid="rider-card"
        >
          <div className="text-sm">
            <p className="font-semibold text-stone-900">Your rider: {rider.firstName}</p>
            <p className="flex items-center gap-1 text-stone-600">
              {rider.rating !== null ? (
                <>
                  <StarIcon size={14} filled className="text-accent-500" />
                  <span>{rider.rating.toFixed(1)}</span>
                  <span className="text-stone-500">
                    ({rider.ratingCount} rating{rider.ratingCount === 1 ? '' : 's'})
                  </span>
                </>
              ) : (
                'New rider, no ratings yet'
              )}
            </p>
          </div>
          {rider.phone && (
            <a
              href={`tel:${rider.phone.replace(/[\s-]/g, '')}`}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Call {rider.firstName}
            </a>
          )}
        </div>
      )}
      {refund && (
        <p className="rounded-2xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="refund-status">
          <span className="font-semibold">Refund {formatPrice(refund.amount)}</span>: {REFUND_TEXT[refund.state]}
        </p>
      )}
      <ol aria-label="Timeline">
        {steps.map((s, i) => (
          <StepRow key={`${s.key}-${i}`} step={s} last={i === steps.length - 1} current={i === lastDone} />
        ))}
      </ol>
    </section>
  );
}
