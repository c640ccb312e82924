import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { queryRows } from '../../infra/db/client.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { riders } from '../rider/rider.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';

export interface EventRow {
  subjectType: 'order' | 'order_item' | 'dispatch';
  subjectId: string;
  status: string;
  actorId: string | null;
  note: string | null;
  createdAt: Date;
}

/** Every recorded status change of the given subjects (orders, their items, dispatches), oldest first. */
export async function eventsOf(ex: Executor, subjectIds: string[]): Promise<EventRow[]> {
  if (!subjectIds.length) return [];
  return ex
    .select({
      subjectType: statusEvents.subjectType,
      subjectId: statusEvents.subjectId,
      status: statusEvents.status,
      actorId: statusEvents.actorId,
      note: statusEvents.note,
      createdAt: statusEvents.createdAt,
    })
    .from(statusEvents)
    .where(inArray(statusEvents.subjectId, subjectIds))
    .orderBy(asc(statusEvents.createdAt), asc(statusEvents.id));
}

export interface RefundRow {
  subjectId: string;
  amountKobo: number;
  state: 'pending' | 'processed' | 'failed';
  createdAt: Date;
  processedAt: Date | null;
}

/** Refunds of the paid payments behind the given orders or dispatches. */
export async function refundsOf(
  ex: Executor,
  purpose: 'order' | 'dispatch',
  subjectIds: string[],
): Promise<RefundRow[]> {
  if (!subjectIds.length) return [];
  return ex
    .select({
      subjectId: payments.subjectId,
      amountKobo: refunds.amountKobo,
      state: refunds.state,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.purpose, purpose), inArray(payments.subjectId, subjectIds)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export interface RiderCard {
  userId: string;
  name: string;
  phone: string;
  rating: number | null;
  ratingCount: number;
}

/** Name, phone and average rating of the given riders (by user id). */
export async function riderCards(ex: Executor, riderUserIds: string[]): Promise<Map<string, RiderCard>> {
  const ids = [...new Set(riderUserIds)];
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ userId: riders.userId, name: riders.name, phone: riders.phone })
    .from(riders)
    .where(inArray(riders.userId, ids));
  const stats = await queryRows<{ rider_id: string; avg: string | number; n: number }>(
    ex,
    sql`
    SELECT rider_id, avg(stars) AS avg, count(*)::int AS n FROM ratings
    WHERE rider_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) GROUP BY rider_id`,
  );
  const byRider = new Map(stats.map((s) => [s.rider_id, s]));
  return new Map(
    rows.map((r) => {
      const s = byRider.get(r.userId);
      const n = s ? Number(s.n) : 0;
      return [
        r.userId,
        {
          userId: r.userId,
          name: r.name,
          phone: r.phone,
          ratingCount: n,
          rating: n ? Math.round(Number(s!.avg) * 10) / 10 : null,
        },
      ];
    }),
  );
}
