/**
 * The payments' rows for the CSV exports (modules/exports): a keyset page of the refunds asked in
 * a period, and what the payments of a page of orders say (references, refunded, refunds pending).
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { payments, refunds } from './payments.tables.js';

export interface RefundPageQuery {
  from: Date;
  to: Date;
  after: { at: string; id: string } | null;
  limit: number;
}

export function refundsPage(ex: Executor, q: RefundPageQuery) {
  return ex
    .select({
      id: refunds.id,
      amountKobo: refunds.amountKobo,
      state: refunds.state,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
      reference: payments.reference,
      purpose: payments.purpose,
      subjectId: payments.subjectId,
      payerId: payments.userId,
      cursorAt: sql<string>`${refunds.createdAt}::text`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        gte(refunds.createdAt, q.from),
        lt(refunds.createdAt, q.to),
        q.after
          ? sql`(${refunds.createdAt}, ${refunds.id}) > (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(q.limit);
}

/** Per order: its paid payments' references (a group order has one per member) and their refunds by state. */
export function orderPaymentSums(ex: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return ex
    .select({
      orderId: payments.subjectId,
      references: sql<string>`string_agg(DISTINCT ${payments.reference}, ' ')`,
      processedKobo: sql<number>`coalesce(sum(${refunds.amountKobo}) FILTER (WHERE ${refunds.state} = 'processed'), 0)::int`,
      pendingKobo: sql<number>`coalesce(sum(${refunds.amountKobo}) FILTER (WHERE ${refunds.state} = 'pending'), 0)::int`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(
      and(
        inArray(payments.subjectId, [...orderIds]),
        inArray(payments.purpose, ['order', 'group_share']),
        eq(payments.state, 'paid'),
      ),
    )
    .groupBy(payments.subjectId);
}
