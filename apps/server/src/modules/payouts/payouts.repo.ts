import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { payouts } from './payouts.tables.js';

export type PayoutRow = typeof payouts.$inferSelect;
type PayeeType = PayoutRow['payeeType'];

/** The payee's latest 100 payouts, newest first. */
export async function listPayouts(ex: Executor, userId: string, payeeType: PayeeType): Promise<PayoutRow[]> {
  return ex
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.payeeType, payeeType)))
    .orderBy(desc(payouts.createdAt))
    .limit(100);
}

/** What the payee's payouts already take of the earnings: scheduled, on their way or paid. */
export async function takenKobo(ex: Executor, userId: string, payeeType: PayeeType): Promise<number> {
  const [taken] = await ex
    .select({ sum: sql<number>`coalesce(sum(${payouts.amountKobo}), 0)::int` })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        eq(payouts.payeeType, payeeType),
        inArray(payouts.state, ['scheduled', 'processing', 'paid']),
      ),
    );
  return Number(taken?.sum ?? 0);
}

export async function insertPayout(ex: Executor, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await ex.insert(payouts).values(values).returning();
  return row!;
}

export async function findPayout(ex: Executor, id: string): Promise<PayoutRow | undefined> {
  const [row] = await ex.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function findPayoutId(ex: Executor, reference: string): Promise<string | undefined> {
  const [row] = await ex.select({ id: payouts.id }).from(payouts).where(eq(payouts.reference, reference));
  return row?.id;
}

/** Sets the provider's fields of a payout: our reference, the recipient, the transfer code. */
export async function updatePayout(
  ex: Executor,
  id: string,
  values: Partial<Pick<PayoutRow, 'reference' | 'recipientCode' | 'provider' | 'transferCode'>>,
): Promise<void> {
  await ex.update(payouts).set(values).where(eq(payouts.id, id));
}

/** `scheduled|processing → failed`; the payout as changed, or undefined when it was in neither state. */
export async function markFailed(ex: Executor, id: string, reason: string): Promise<PayoutRow | undefined> {
  const [row] = await ex
    .update(payouts)
    .set({ state: 'failed', failureReason: reason.slice(0, 300) })
    .where(and(eq(payouts.id, id), inArray(payouts.state, ['scheduled', 'processing'])))
    .returning();
  return row;
}

/** `scheduled|processing → paid`, by our reference. */
export async function markPaid(ex: Executor, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await ex
    .update(payouts)
    .set({ state: 'paid', paidAt: new Date() })
    .where(and(eq(payouts.reference, reference), inArray(payouts.state, ['scheduled', 'processing'])))
    .returning();
  return row;
}

/** `scheduled|processing|paid → failed` when the bank sent the money back, by our reference. */
export async function markReversed(ex: Executor, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await ex
    .update(payouts)
    .set({ state: 'failed', paidAt: null, failureReason: 'The bank reversed the transfer.' })
    .where(and(eq(payouts.reference, reference), inArray(payouts.state, ['scheduled', 'processing', 'paid'])))
    .returning();
  return row;
}

/**
 * `scheduled → processing`, or a `processing` payout with no transfer code yet (a retry): true
 * for the one run that makes the move, and so sends the transfer.
 */
export async function claimForTransfer(ex: Executor, id: string): Promise<boolean> {
  const [claimed] = await ex
    .update(payouts)
    .set({ state: 'processing' })
    .where(
      and(
        eq(payouts.id, id),
        or(eq(payouts.state, 'scheduled'), and(eq(payouts.state, 'processing'), isNull(payouts.transferCode))),
      ),
    )
    .returning({ id: payouts.id });
  return Boolean(claimed);
}

/** Payouts paid in [from, to), and those with these references (the daily reconciliation's side). */
export async function payoutsForDay(
  ex: Executor,
  q: { from: Date; to: Date; references: readonly string[] },
): Promise<PayoutRow[]> {
  const paidThen = and(eq(payouts.state, 'paid'), gte(payouts.paidAt, q.from), lt(payouts.paidAt, q.to));
  return ex
    .select()
    .from(payouts)
    .where(q.references.length ? or(paidThen, inArray(payouts.reference, [...q.references])) : paidThen);
}

/** Every payout paid (and not sent back), summed. */
export async function paidOutKobo(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ kobo: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)` })
    .from(payouts)
    .where(eq(payouts.state, 'paid'));
  return Number(row?.kobo ?? 0);
}

/** The latest 200 payouts, newest first, in `state` and to `payeeType` when given (the admin's list). */
export async function latestPayouts(
  ex: Executor,
  filter: { state?: PayoutRow['state']; payeeType?: PayeeType },
): Promise<PayoutRow[]> {
  return ex
    .select()
    .from(payouts)
    .where(
      and(
        filter.state ? eq(payouts.state, filter.state) : undefined,
        filter.payeeType ? eq(payouts.payeeType, filter.payeeType) : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(200);
}

/**
 * Whether the payee has a payout asked for after `p` that is scheduled, on its way or paid: a
 * request made after `p` failed took `p`'s money back into its amount (a failed payout takes
 * nothing, takenKobo), and so does a payout `p` was sent again as.
 */
export async function hasNewerPayout(ex: Executor, p: PayoutRow): Promise<boolean> {
  const [row] = await ex
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, p.userId),
        eq(payouts.payeeType, p.payeeType),
        inArray(payouts.state, ['scheduled', 'processing', 'paid']),
        or(gt(payouts.createdAt, p.createdAt), and(eq(payouts.createdAt, p.createdAt), ne(payouts.id, p.id))),
      ),
    )
    .limit(1);
  return Boolean(row);
}
