export const ORDER_STATUSES = [
  'Order Placed',
  'Order Confirmed',
  'Order Assigned',
  'Order Picked',
  'Order Delivered',
] as const;
export const CANCELLED = 'Order Cancelled' as const;
export type ProgressStatus = (typeof ORDER_STATUSES)[number];
export type ItemStatus = ProgressStatus | typeof CANCELLED;
export const ITEM_STATUSES: readonly ItemStatus[] = [...ORDER_STATUSES, CANCELLED];

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

/** The delivery code is shown while the order is on its way. */
export function isOnTheWay(status: ItemStatus): boolean {
  return status === 'Order Assigned' || status === 'Order Picked';
}
