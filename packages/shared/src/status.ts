export const ORDER_STATUSES = [
  'Order Placed',
  'Order Confirmed',
  'Order Assigned',
  'Order Picked',
  'Order Delivered',
] as const;
export const CANCELLED = 'Order Cancelled' as const;
/**
 * A timeline event beside the statuses (issue 29): the rider tapped "I have arrived" at the door.
 * Recorded in the status log and pushed; no item or dispatch ever has it as its status.
 */
export const RIDER_ARRIVED = 'Rider Arrived' as const;
/**
 * A timeline event (issue 29): support took the delivery back from a rider who accepted it but did
 * not pick it up; it is on the board again for another rider.
 */
export const RIDER_RELEASED = 'Rider Released' as const;
/** A timeline event (issue 29): a shop says its part of the order is ready; the rider may come. */
export const READY_FOR_PICKUP = 'Ready For Pickup' as const;
type ProgressStatus = (typeof ORDER_STATUSES)[number];
export type ItemStatus = ProgressStatus | typeof CANCELLED;
export const ITEM_STATUSES: readonly ItemStatus[] = [...ORDER_STATUSES, CANCELLED];
/** A dispatch has no vendor to confirm it: paid, it waits for a rider (DESIGN §3). */
export const DISPATCH_STATUSES: readonly ItemStatus[] = ITEM_STATUSES.filter((s) => s !== 'Order Confirmed');

/** An order's shown status: the earliest stage among its items that are not cancelled. */
export function shownOrderStatus(itemStatuses: readonly ItemStatus[]): ItemStatus {
  let earliest = -1;
  for (const s of itemStatuses) {
    if (s === CANCELLED) continue;
    const i = ORDER_STATUSES.indexOf(s);
    if (earliest === -1 || i < earliest) earliest = i;
  }
  return earliest === -1 ? CANCELLED : (ORDER_STATUSES[earliest] as ProgressStatus);
}

export function isDispatchCompleted(status: ItemStatus): boolean {
  return status === 'Order Delivered' || status === CANCELLED;
}

/** Customers may cancel within this many minutes of payment (DESIGN §3). */
export const CANCEL_WINDOW_MS = 5 * 60 * 1000;

/** How long a delivery usually takes once under way, in minutes (SPEC §9: FAQ and terms). */
export const DELIVERY_ESTIMATE_MINUTES = { min: 30, max: 60 } as const;

/**
 * Why a customer can no longer cancel: the window since payment has passed, a vendor has
 * confirmed (orders), a rider has the job, it is over (delivered or cancelled), or it is not paid.
 */
export type CancelStop = 'window_passed' | 'confirmed' | 'rider_assigned' | 'finished' | 'unpaid';

/** While cancelling is allowed, until when (epoch ms) and no stop; else the stop and no end. */
export type CancelWindow = { until: number; stop: null } | { until: null; stop: CancelStop };

function windowSincePayment(paidAt: number | null, now: number): CancelWindow {
  if (paidAt === null) return { until: null, stop: 'unpaid' };
  const until = paidAt + CANCEL_WINDOW_MS;
  return now < until ? { until, stop: null } : { until: null, stop: 'window_passed' };
}

/**
 * An order may be cancelled while no item is confirmed and within the window after payment
 * (DESIGN §3, FAQ and terms together). The stop named is the one the customer can act on least:
 * a rider on the way says more than a vendor's confirmation, which says more than the clock.
 */
export function orderCancelWindow(
  itemStatuses: readonly ItemStatus[],
  paidAt: number | null,
  now: number,
  /** An order for later: free to cancel until its shops start preparing (decision 0047). */
  prepareAt: number | null = null,
): CancelWindow {
  const live = itemStatuses.filter((s) => s !== CANCELLED);
  if (live.length === 0 || live.every((s) => s === 'Order Delivered')) return { until: null, stop: 'finished' };
  if (live.some((s) => s !== 'Order Placed' && s !== 'Order Confirmed')) return { until: null, stop: 'rider_assigned' };
  if (live.some((s) => s === 'Order Confirmed')) return { until: null, stop: 'confirmed' };
  if (prepareAt !== null && paidAt !== null)
    return now < prepareAt ? { until: prepareAt, stop: null } : { until: null, stop: 'window_passed' };
  return windowSincePayment(paidAt, now);
}

/** A dispatch may be cancelled before a rider is assigned and within the window (DESIGN §3). */
export function dispatchCancelWindow(
  status: ItemStatus,
  riderAssigned: boolean,
  paidAt: number | null,
  now: number,
): CancelWindow {
  if (isDispatchCompleted(status)) return { until: null, stop: 'finished' };
  if (riderAssigned || status !== 'Order Placed') return { until: null, stop: 'rider_assigned' };
  return windowSincePayment(paidAt, now);
}

/** Time left as a clock reads it: "4:59", "0:07"; "0:00" once it is over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The delivery code is shown while the order is on its way. */
export function isOnTheWay(status: ItemStatus): boolean {
  return status === 'Order Assigned' || status === 'Order Picked';
}
