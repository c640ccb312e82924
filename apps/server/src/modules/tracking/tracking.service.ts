import type { TrackingDto } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { dispatchTracking, orderTracking, type DispatchFacts, type OrderFacts } from './tracking.js';
import { statusEventsOf } from '../order-events/index.js';
import { refundsOf } from '../payments/index.js';
import { riderCards } from '../rider/index.js';

/** Timelines for a page of orders in four queries (events, refunds, riders, ratings). */
export async function loadOrderTracking(
  ex: Executor,
  orders: (OrderFacts & { riderId: string | null })[],
  viewerId: string,
): Promise<Map<string, TrackingDto>> {
  if (!orders.length) return new Map();
  const ids = orders.flatMap((o) => [o.id, ...o.items.map((i) => i.id)]);
  const [events, refundRows, riders] = await Promise.all([
    statusEventsOf(ex, ids),
    refundsOf(
      ex,
      'order',
      orders.map((o) => o.id),
    ),
    riderCards(
      ex,
      orders.flatMap((o) => (o.riderId ? [o.riderId] : [])),
    ),
  ]);
  return new Map(
    orders.map((o) => {
      const own = new Set([o.id, ...o.items.map((i) => i.id)]);
      return [
        o.id,
        orderTracking(
          o,
          events.filter((e) => own.has(e.subjectId)),
          refundRows.filter((r) => r.subjectId === o.id),
          o.riderId ? riders.get(o.riderId) : undefined,
          viewerId,
        ),
      ];
    }),
  );
}

/** Timelines for the sender's dispatches. */
export async function loadDispatchTracking(
  ex: Executor,
  rows: (DispatchFacts & { riderId: string | null })[],
  viewerId: string,
): Promise<Map<string, TrackingDto>> {
  if (!rows.length) return new Map();
  const ids = rows.map((d) => d.id);
  const [events, refundRows, riders] = await Promise.all([
    statusEventsOf(ex, ids),
    refundsOf(ex, 'dispatch', ids),
    riderCards(
      ex,
      rows.flatMap((d) => (d.riderId ? [d.riderId] : [])),
    ),
  ]);
  return new Map(
    rows.map((d) => [
      d.id,
      dispatchTracking(
        d,
        events.filter((e) => e.subjectId === d.id),
        refundRows.filter((r) => r.subjectId === d.id),
        d.riderId ? riders.get(d.riderId) : undefined,
        viewerId,
      ),
    ]),
  );
}
