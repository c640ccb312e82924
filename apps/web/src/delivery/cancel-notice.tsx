import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  CANCEL_WINDOW_MS,
  DELIVERY_ESTIMATE_MINUTES,
  formatCountdown,
  type CancelStop,
  type CancelWindow,
} from '@jara/shared';

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

const ESTIMATE = `${DELIVERY_ESTIMATE_MINUTES.min}–${DELIVERY_ESTIMATE_MINUTES.max} minutes`;
const WINDOW_MINUTES = CANCEL_WINDOW_MS / 60_000;

const REASONS: Record<'order' | 'dispatch', Partial<Record<CancelStop, string>>> = {
  order: {
    window_passed: `The ${WINDOW_MINUTES}-minute window to cancel has passed. We are waiting for the vendor to confirm; once confirmed, delivery takes about ${ESTIMATE}.`,
    confirmed: `A vendor has confirmed this order, so it can no longer be cancelled. It should reach you in about ${ESTIMATE}.`,
    rider_assigned: 'A rider has this order now, so it can no longer be cancelled.',
  },
  dispatch: {
    window_passed: `The ${WINDOW_MINUTES}-minute window to cancel has passed. We are finding a rider; once one accepts, delivery takes about ${ESTIMATE}.`,
    rider_assigned: 'A rider has this dispatch now, so it can no longer be cancelled.',
  },
};

/**
 * Beside the Cancel button: how long it stays, or, once it has gone, why and what happens next,
 * with the way to support. Nothing once the order or dispatch is over.
 */
export function CancelNotice({
  kind,
  msLeft,
  stop,
}: {
  kind: 'order' | 'dispatch';
  msLeft: number | null;
  stop: CancelStop;
}) {
  if (msLeft !== null)
    return (
      <p className="text-sm text-stone-700" data-testid="cancel-notice">
        You can cancel for{' '}
        <span role="timer" className="font-semibold tabular-nums text-stone-900">
          {formatCountdown(msLeft)}
        </span>{' '}
        more.
      </p>
    );
  const reason = REASONS[kind][stop];
  if (!reason) return null;
  return (
    <p className="rounded-2xl bg-stone-100 p-3 text-sm text-stone-800" data-testid="cancel-notice">
      {reason} Need help?{' '}
      <Link
        to={{ search: '?contact=true' }}
        preventScrollReset
        className="font-semibold text-brand-800 underline underline-offset-2"
      >
        Chat with support
      </Link>
      .
    </p>
  );
}
