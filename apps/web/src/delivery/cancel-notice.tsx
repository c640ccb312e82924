import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  CANCEL_WINDOW_MS,
  DELIVERY_ESTIMATE_MINUTES,
  formatCountdown,
  formatDayTime,
  formatTime,
  type CancelStop,
  type CancelWindow,
} from '@jara/shared';
import { Trans, type MessageId } from '../i18n';
import { slotDay } from './slot-arrival';

/**
 * Milliseconds left to cancel while the server allows it, counted down every second by this
 * page's clock; null once the window is shut, so the Cancel button goes away by itself.
 */
export function useCancelCountdown(canCancel: boolean, cancelUntil: string | null | undefined): number | null {
  const until = canCancel && cancelUntil ? Date.parse(cancelUntil) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  const open = !Number.isNaN(until) && until > now;
  useEffect(() => {
    if (!open) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [open]);
  return open ? until - now : null;
}

/**
 * Why it can no longer be cancelled once the server says so: the rule read at this instant, and,
 * when the page's clock still thinks the window is open, the window (the server's word is final).
 */
export function cancelStop(window: CancelWindow): CancelStop {
  return window.stop ?? 'window_passed';
}

/** The figures the reasons quote: the window and the usual delivery time. */
const FIGURES = {
  minutes: CANCEL_WINDOW_MS / 60_000,
  min: DELIVERY_ESTIMATE_MINUTES.min,
  max: DELIVERY_ESTIMATE_MINUTES.max,
};

const REASONS: Record<'order' | 'dispatch' | 'forLater', Partial<Record<CancelStop, MessageId<'delivery'>>>> = {
  order: {
    window_passed: 'delivery.cancel.order.windowPassed',
    confirmed: 'delivery.cancel.order.confirmed',
    rider_assigned: 'delivery.cancel.order.riderAssigned',
  },
  dispatch: {
    window_passed: 'delivery.cancel.dispatch.windowPassed',
    rider_assigned: 'delivery.cancel.dispatch.riderAssigned',
  },
  // An order for later: its window closes when its shops start preparing, and it comes in its slot.
  forLater: {
    window_passed: 'delivery.cancel.forLater.preparing',
    confirmed: 'delivery.cancel.forLater.confirmed',
    rider_assigned: 'delivery.cancel.order.riderAssigned',
  },
};

/**
 * Beside the Cancel button: how long it stays, or, once it has gone, why and what happens next,
 * with the way to support. Nothing once the order or dispatch is over. An order for later says
 * until when (its shops start preparing, often hours away) rather than counting down.
 */
export function CancelNotice({
  kind,
  msLeft,
  stop,
  forLaterUntil,
}: {
  kind: 'order' | 'dispatch';
  msLeft: number | null;
  stop: CancelStop;
  /** An order for later: the server's cancelUntil (null once it has passed). */
  forLaterUntil?: string | null;
}) {
  const forLater = forLaterUntil !== undefined;
  if (msLeft !== null && forLaterUntil)
    return (
      <p className="text-sm text-stone-700" data-testid="cancel-notice">
        <Trans
          area="delivery"
          id="delivery.cancel.forLater.until"
          values={{
            time: slotDay(forLaterUntil) === 'today' ? formatTime(forLaterUntil) : formatDayTime(forLaterUntil),
          }}
          components={{ b: <span className="font-semibold text-stone-900" /> }}
        />
      </p>
    );
  if (msLeft !== null)
    return (
      <p className="text-sm text-stone-700" data-testid="cancel-notice">
        <Trans
          area="delivery"
          id="delivery.cancel.countdown"
          values={{ time: formatCountdown(msLeft) }}
          components={{ timer: <span role="timer" className="font-semibold tabular-nums text-stone-900" /> }}
        />
      </p>
    );
  const reason = REASONS[forLater ? 'forLater' : kind][stop];
  if (!reason) return null;
  return (
    <p className="rounded-2xl bg-stone-100 p-3 text-sm text-stone-800" data-testid="cancel-notice">
      <Trans
        area="delivery"
        id={reason}
        values={FIGURES}
        components={{
          support: (
            <Link
              to={{ search: '?contact=true' }}
              preventScrollReset
              className="font-semibold text-brand-800 underline underline-offset-2"
            />
          ),
        }}
      />
    </p>
  );
}
