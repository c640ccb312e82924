import {
  CANCELLED,
  formatNaira,
  READY_FOR_PICKUP,
  RIDER_ARRIVED,
  koboToNaira,
  type ItemStatus,
  type RefundStatusDto,
  type TrackingDto,
  type TrackingRiderDto,
  type TrackingStepDto,
  type TrackingStepKey,
} from '@jara/shared';
import type { StatusEventRow as EventRow } from '../order-events/index.js';
import type { SubjectRefund as RefundRow } from '../payments/index.js';
import type { RiderCard } from '../rider/index.js';

/** The rider tapped "I have arrived": a step between picked up and delivered, not a status. */
const ARRIVED_LABEL = 'Rider at the door';

/** A rider's phone is shown while they are on the way: assigned or picked up, not locked. */
const ACTIVE_DELIVERY: readonly string[] = ['Order Assigned', 'Order Picked'];

const AHEAD: { key: TrackingStepKey; status: ItemStatus; label: string }[] = [
  { key: 'confirmed', status: 'Order Confirmed', label: 'Confirmed by the vendor' },
  { key: 'assigned', status: 'Order Assigned', label: 'Rider assigned' },
  { key: 'picked', status: 'Order Picked', label: 'Picked up' },
  { key: 'delivered', status: 'Order Delivered', label: 'Delivered' },
];
const RANK: Record<string, number> = {
  'Order Placed': 0,
  'Order Confirmed': 1,
  'Order Assigned': 2,
  'Order Picked': 3,
  'Order Delivered': 4,
};

interface Step extends TrackingStepDto {
  t: number;
}

const step = (key: TrackingStepKey, label: string, at: Date, note: string | null = null): Step => ({
  key,
  label,
  at: at.toISOString(),
  note,
  t: at.getTime(),
});

/** Refund steps (started, processed or failed) and the summary the customer sees. */
function refundSteps(rows: RefundRow[]): { steps: Step[]; refund: RefundStatusDto | null } {
  const steps: Step[] = [];
  for (const r of rows) {
    steps.push(step('refund_pending', `Refund of ${formatNaira(r.amountKobo)} started`, r.createdAt));
    if (r.state === 'processed')
      steps.push(step('refunded', `${formatNaira(r.amountKobo)} refunded`, r.processedAt ?? r.createdAt));
    if (r.state === 'failed')
      steps.push(
        step(
          'refund_failed',
          `Refund of ${formatNaira(r.amountKobo)} failed: support will contact you`,
          r.processedAt ?? r.createdAt,
        ),
      );
  }
  if (!rows.length) return { steps, refund: null };
  const state = rows.some((r) => r.state === 'pending')
    ? 'pending'
    : rows.some((r) => r.state === 'failed')
      ? 'failed'
      : 'processed';
  return { steps, refund: { state, amount: koboToNaira(rows.reduce((s, r) => s + r.amountKobo, 0)) } };
}

function finish(steps: Step[], ahead: TrackingStepDto[]): TrackingStepDto[] {
  // Stable by time; equal times keep the order they were recorded in.
  const done = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.t - b.s.t || a.i - b.i)
    .map(({ s: { t: _t, ...dto } }) => dto);
  return [...done, ...ahead];
}

/** The steps still to come after the current (earliest live) status. */
function pending(current: string, reached: Set<TrackingStepKey>): TrackingStepDto[] {
  if (current === CANCELLED || current === 'Order Delivered') return [];
  const rank = RANK[current] ?? 0;
  return AHEAD.filter((a) => RANK[a.status]! > rank && !reached.has(a.key)).map((a) => ({
    key: a.key,
    label: a.label,
    at: null,
    note: null,
  }));
}

function riderDto(card: RiderCard | undefined, showPhone: boolean): TrackingRiderDto | null {
  if (!card) return null;
  return {
    firstName: card.name.trim().split(/\s+/)[0] ?? card.name,
    rating: card.rating,
    ratingCount: card.ratingCount,
    phone: showPhone ? card.phone : null,
  };
}

export interface OrderFacts {
  id: string;
  userId: string;
  paidAt: Date | null;
  lockedAt: Date | null;
  /** shown status (earliest among live items) */
  status: string;
  items: { id: string; vendorName: string; vendorUserId: string | null; status: string }[];
}

/**
 * An order's timeline from its recorded events: placed (paid), each vendor's confirmation or
 * decline (with the reason), rider assigned, picked up, delivered, cancellations and refunds,
 * then the steps still to come. `viewerId` sees the rider's phone only when it is their order.
 */
export function orderTracking(
  o: OrderFacts,
  events: EventRow[],
  refundRows: RefundRow[],
  rider: RiderCard | undefined,
  viewerId: string,
): TrackingDto {
  const itemById = new Map(o.items.map((i) => [i.id, i]));
  const steps: Step[] = [];
  const seen = new Set<string>();
  const reached = new Set<TrackingStepKey>();
  const add = (dedupe: string, s: Step) => {
    reached.add(s.key);
    if (seen.has(dedupe)) return;
    seen.add(dedupe);
    steps.push(s);
  };
  const paid = events.find((e) => e.subjectType === 'order' && e.subjectId === o.id && e.status === 'paid');
  const placedAt = paid?.createdAt ?? o.paidAt;
  if (placedAt) add('placed', step('placed', 'Order placed', placedAt));
  for (const e of events) {
    if (e.subjectType === 'order' && e.subjectId === o.id && e.status === RIDER_ARRIVED)
      add('arrived', step('arrived', ARRIVED_LABEL, e.createdAt));
    // The shop's name is the event's note (written by the seller module when the vendor taps it).
    if (e.subjectType === 'order' && e.subjectId === o.id && e.status === READY_FOR_PICKUP)
      add(`ready:${e.note ?? ''}`, step('ready', `Ready at ${e.note ?? 'the shop'}`, e.createdAt));
    if (e.subjectType !== 'order_item') continue;
    const item = itemById.get(e.subjectId);
    if (!item) continue;
    switch (e.status) {
      case 'Order Confirmed':
        add(`confirmed:${item.vendorName}`, step('confirmed', `Confirmed by ${item.vendorName}`, e.createdAt));
        break;
      case CANCELLED:
        if (e.actorId && e.actorId === o.userId)
          add('cancelled:customer', step('cancelled', 'Cancelled by you', e.createdAt));
        else if (e.actorId && e.actorId === item.vendorUserId)
          add(
            `declined:${item.vendorName}:${e.note ?? ''}`,
            step('declined', `Declined by ${item.vendorName}`, e.createdAt, e.note),
          );
        else
          add(`cancelled:support:${e.note ?? ''}`, step('cancelled', 'Cancelled by Jara support', e.createdAt, e.note));
        break;
      case 'Order Assigned':
        add(
          'assigned',
          step(
            'assigned',
            rider ? `Rider assigned: ${riderDto(rider, false)!.firstName}` : 'Rider assigned',
            e.createdAt,
          ),
        );
        break;
      case 'Order Picked':
        add('picked', step('picked', 'Picked up', e.createdAt));
        break;
      case 'Order Delivered':
        add('delivered', step('delivered', 'Delivered', e.createdAt));
        break;
    }
  }
  const r = refundSteps(refundRows);
  steps.push(...r.steps);
  const live = o.items.filter((i) => i.status !== CANCELLED);
  const ahead = pending(o.status, reached).filter(
    (a) => a.key !== 'confirmed' || live.some((i) => i.status === 'Order Placed'),
  );
  if (ahead[0]?.key === 'confirmed' && reached.has('confirmed'))
    ahead[0] = { ...ahead[0], label: 'Confirmed by the other vendors' };
  const showPhone = viewerId === o.userId && ACTIVE_DELIVERY.includes(o.status) && !o.lockedAt;
  return { timeline: finish(steps, ahead), rider: riderDto(rider, showPhone), refund: r.refund };
}

export interface DispatchFacts {
  id: string;
  userId: string;
  status: string;
  paidAt: Date | null;
  lockedAt: Date | null;
}

/** A dispatch's timeline from its recorded events (one status for the whole parcel). */
export function dispatchTracking(
  d: DispatchFacts,
  events: EventRow[],
  refundRows: RefundRow[],
  rider: RiderCard | undefined,
  viewerId: string,
): TrackingDto {
  const steps: Step[] = [];
  const reached = new Set<TrackingStepKey>();
  const once = (s: Step) => {
    if (reached.has(s.key)) return;
    reached.add(s.key);
    steps.push(s);
  };
  for (const e of events) {
    if (e.subjectType !== 'dispatch' || e.subjectId !== d.id) continue;
    switch (e.status) {
      case 'Order Placed':
        once(step('placed', 'Dispatch placed', e.createdAt));
        break;
      case 'Order Assigned':
        once(
          step(
            'assigned',
            rider ? `Rider assigned: ${riderDto(rider, false)!.firstName}` : 'Rider assigned',
            e.createdAt,
          ),
        );
        break;
      case 'Order Picked':
        once(step('picked', 'Picked up', e.createdAt));
        break;
      case RIDER_ARRIVED:
        once(step('arrived', ARRIVED_LABEL, e.createdAt));
        break;
      case 'Order Delivered':
        once(step('delivered', 'Delivered', e.createdAt));
        break;
      case CANCELLED:
        once(
          step(
            'cancelled',
            e.actorId === d.userId ? 'Cancelled by you' : 'Cancelled by Jara support',
            e.createdAt,
            e.actorId === d.userId ? null : e.note,
          ),
        );
        break;
    }
  }
  if (!reached.has('placed') && d.paidAt) steps.unshift(step('placed', 'Dispatch placed', d.paidAt));
  const r = refundSteps(refundRows);
  steps.push(...r.steps);
  // A dispatch needs no vendor: after placing comes the rider.
  const ahead = pending(d.status === 'Order Placed' ? 'Order Confirmed' : d.status, reached);
  const showPhone = viewerId === d.userId && ACTIVE_DELIVERY.includes(d.status) && !d.lockedAt;
  return { timeline: finish(steps, ahead), rider: riderDto(rider, showPhone), refund: r.refund };
}
