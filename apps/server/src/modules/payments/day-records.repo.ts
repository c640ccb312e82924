import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { payments, refunds } from './payments.tables.js';

/** Payments paid in [from, to), and those with the given references whatever their state or day. */
export async function paymentsPaidOrNamed(ex: Executor, from: Date, to: Date, references: readonly string[]) {
  const paidThen = and(eq(payments.state, 'paid'), gte(payments.paidAt, from), lt(payments.paidAt, to));
  return ex
    .select({
      id: payments.id,
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      refundedKobo: payments.refundedKobo,
      state: payments.state,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(references.length ? or(paidThen, inArray(payments.reference, [...references])) : paidThen);
}

/** Refunds processed in [from, to), and those with the given ids whatever their state or day. */
export async function refundsProcessedOrNamed(ex: Executor, from: Date, to: Date, ids: readonly string[]) {
  const processedThen = and(
    eq(refunds.state, 'processed'),
    gte(refunds.processedAt, from),
    lt(refunds.processedAt, to),
  );
  return ex
    .select({
      id: refunds.id,
      reference: payments.reference,
      amountKobo: refunds.amountKobo,
      state: refunds.state,
      sentAt: refunds.sentAt,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(ids.length ? or(processedThen, inArray(refunds.id, [...ids])) : processedThen);
}

/** Every paid charge and every processed refund, summed: what the ledger's cash is checked against. */
export async function chargedAndRefundedKobo(ex: Executor): Promise<{ chargesKobo: number; refundsKobo: number }> {
  const [row] = await queryRows<{ charges: string; refunds: string }>(
    ex,
    sql`SELECT (SELECT coalesce(sum(amount_kobo), 0) FROM payments WHERE state = 'paid') AS charges,
               (SELECT coalesce(sum(amount_kobo), 0) FROM refunds WHERE state = 'processed') AS refunds`,
  );
  return { chargesKobo: Number(row!.charges), refundsKobo: Number(row!.refunds) };
}
