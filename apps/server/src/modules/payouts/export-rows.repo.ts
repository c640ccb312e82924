/** The payouts of a period for the CSV exports (modules/exports), a keyset page at a time by (created_at, id). */
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { payouts } from './payouts.tables.js';

export interface PayoutPageQuery {
  from: Date;
  to: Date;
  after: { at: string; id: string } | null;
  limit: number;
}

export function payoutsPage(ex: Executor, q: PayoutPageQuery) {
  return ex
    .select({
      id: payouts.id,
      userId: payouts.userId,
      payeeType: payouts.payeeType,
      vendorId: payouts.vendorId,
      amountKobo: payouts.amountKobo,
      state: payouts.state,
      reference: payouts.reference,
      failureReason: payouts.failureReason,
      bankCode: payouts.bankCode,
      accountNumber: payouts.accountNumber,
      createdAt: payouts.createdAt,
      dueAt: payouts.dueAt,
      paidAt: payouts.paidAt,
      cursorAt: sql<string>`${payouts.createdAt}::text`,
    })
    .from(payouts)
    .where(
      and(
        gte(payouts.createdAt, q.from),
        lt(payouts.createdAt, q.to),
        q.after
          ? sql`(${payouts.createdAt}, ${payouts.id}) > (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(q.limit);
}
