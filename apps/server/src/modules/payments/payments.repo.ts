import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { RefundSource, RefundState } from '@jara/shared';
import { queryRows, type Executor } from '../../infra/db/client.js';
import type { PaymentPurpose } from './purposes.js';
import { payments, refunds, webhookEvents, type AttemptState } from './payments.tables.js';
import { REFUND_SOURCE_RULES } from './refund-source.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export async function insertPayments(ex: Executor, values: (typeof payments.$inferInsert)[]): Promise<PaymentRow[]> {
  return ex.insert(payments).values(values).returning();
}

/**
 * Stores the provider's answers to initialize: `initializing → awaiting`, at most once each.
 * Returns the ids it moved (an attempt reconciliation settled meanwhile is not among them).
 */
export async function markInitialized(
  ex: Executor,
  answers: { id: string; data: { accessCode: string; authorizationUrl: string } }[],
): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`UPDATE payments AS p SET state = 'awaiting', provider_data = v.data
        FROM (VALUES ${sql.join(
          answers.map((a) => sql`(${a.id}::uuid, ${JSON.stringify(a.data)}::jsonb)`),
          sql`, `,
        )}) AS v (id, data)
        WHERE p.id = v.id AND p.state = 'initializing'
        RETURNING p.id`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function findPaymentByReference(ex: Executor, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await ex.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

export async function findPaymentById(ex: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await ex.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * The one conditional transition to `paid` (from `awaiting`, or from `initializing` when the
 * provider's answer to initialize was never stored), keyed on the reference and checking amount
 * and currency: of any number of racing callers exactly one gets the row back.
 */
export async function markPaid(
  ex: Executor,
  p: { reference: string; amountKobo: number; currency: string; providerData: Record<string, unknown> },
): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .update(payments)
    .set({ state: 'paid', paidAt: new Date(), providerData: p.providerData })
    .where(
      and(
        eq(payments.reference, p.reference),
        // Not paid yet, including an attempt marked failed or abandoned that the provider has
        // since confirmed (a bank's late confirmation): the money came, so the order follows.
        inArray(payments.state, ['initializing', 'awaiting', 'failed', 'abandoned']),
        eq(payments.amountKobo, p.amountKobo),
        eq(payments.currency, p.currency),
      ),
    )
    .returning();
  return row;
}

/** One of the `from` states → `failed | abandoned`, at most once. */
export async function markUnpaid(
  ex: Executor,
  reference: string,
  state: Extract<AttemptState, 'failed' | 'abandoned'>,
  from: AttemptState[],
): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .update(payments)
    .set({ state })
    .where(and(eq(payments.reference, reference), inArray(payments.state, from)))
    .returning();
  return row;
}

/** Reserves a refund on a paid payment; undefined when it would exceed what is left. */
export async function reserveRefund(
  ex: Executor,
  paymentId: string,
  amountKobo: number,
): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .update(payments)
    .set({ refundedKobo: sql`${payments.refundedKobo} + ${amountKobo}` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.state, 'paid'),
        sql`${payments.refundedKobo} + ${amountKobo} <= ${payments.amountKobo}`,
      ),
    )
    .returning();
  return row;
}

export async function releaseRefund(ex: Executor, paymentId: string, amountKobo: number): Promise<void> {
  await ex
    .update(payments)
    .set({ refundedKobo: sql`greatest(0, ${payments.refundedKobo} - ${amountKobo})` })
    .where(eq(payments.id, paymentId));
}

export async function insertRefund(ex: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await ex.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(ex: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await ex.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByProviderRef(ex: Executor, providerRef: string): Promise<RefundRow | undefined> {
  const [row] = await ex.select().from(refunds).where(eq(refunds.providerRef, providerRef));
  return row;
}

/** The oldest pending refund of this amount on the payment (when the provider's id is not known yet). */
export async function findPendingRefund(
  ex: Executor,
  paymentId: string,
  amountKobo: number,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.state, 'pending'), eq(refunds.amountKobo, amountKobo)))
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  return row;
}

/** Notes the first time the refund is sent to the provider (kept on retries). */
export async function markRefundSent(ex: Executor, id: string): Promise<void> {
  await ex
    .update(refunds)
    .set({ sentAt: new Date() })
    .where(and(eq(refunds.id, id), isNull(refunds.sentAt)));
}

export async function setRefundProviderRef(ex: Executor, id: string, providerRef: string): Promise<void> {
  await ex
    .update(refunds)
    .set({ providerRef })
    .where(and(eq(refunds.id, id), sql`${refunds.providerRef} IS NULL`));
}

/** `pending → processed | failed`, at most once. */
export async function settleRefund(
  ex: Executor,
  id: string,
  state: 'processed' | 'failed',
  providerRef?: string,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .update(refunds)
    .set({ state, processedAt: state === 'processed' ? new Date() : null, ...(providerRef ? { providerRef } : {}) })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'pending')))
    .returning();
  return row;
}

export async function recordWebhook(
  ex: Executor,
  values: { provider: string; event: string | null; reference: string | null; outcome: string; body: unknown },
): Promise<number> {
  const [row] = await ex.insert(webhookEvents).values(values).returning({ id: webhookEvents.id });
  return row!.id;
}

export async function findWebhook(ex: Executor, id: number) {
  const [row] = await ex.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row;
}

export async function setWebhookOutcome(ex: Executor, id: number, outcome: string): Promise<void> {
  await ex.update(webhookEvents).set({ outcome }).where(eq(webhookEvents.id, id));
}

/** Attempts still open (initializing or awaiting) that were started before `before` (reconciliation). */
export async function listOpen(ex: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
  return ex
    .select()
    .from(payments)
    .where(and(inArray(payments.state, ['initializing', 'awaiting']), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Refunds of the payments behind the given orders or dispatches, oldest first. */
export async function refundsOfSubjects(
  ex: Executor,
  purpose: PaymentPurpose,
  subjectIds: readonly string[],
): Promise<
  {
    subjectId: string;
    amountKobo: number;
    state: 'pending' | 'processed' | 'failed';
    createdAt: Date;
    processedAt: Date | null;
  }[]
> {
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
    .where(
      and(
        // A group order's refunds are its members' shares' (decision 0049).
        purpose === 'order' ? inArray(payments.purpose, ['order', 'group_share']) : eq(payments.purpose, purpose),
        inArray(payments.subjectId, [...subjectIds]),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What the admin's refund queue is filtered by; `to` is the first instant left out. */
export interface RefundQueueFilter {
  state?: RefundState;
  source?: RefundSource;
  from?: Date;
  to?: Date;
  /**
   * Refunds of the orders or dispatches whose id starts with `subjectPrefix` (when given), of the
   * payments whose reference is like `referencePattern`, or paid by one of `payerIds`.
   */
  match?: { subjectPrefix: string | null; referencePattern: string; payerIds: string[] };
}

/** The refund's source, by the same rules as refundSource (refund-source.ts). */
const sourceOfReason = sql`CASE ${sql.join(
  REFUND_SOURCE_RULES.map((r) => sql`WHEN ${refunds.reason} ~ ${r.pattern} THEN ${r.source}::text`),
  sql` `,
)} ELSE 'other' END`;

function queueConditions(f: RefundQueueFilter) {
  const m = f.match;
  return and(
    f.state ? eq(refunds.state, f.state) : undefined,
    f.source ? sql`${sourceOfReason} = ${f.source}::text` : undefined,
    f.from ? gte(refunds.createdAt, f.from) : undefined,
    f.to ? lt(refunds.createdAt, f.to) : undefined,
    m
      ? or(
          m.subjectPrefix ? sql`${payments.subjectId}::text LIKE ${`${m.subjectPrefix}%`}` : undefined,
          ilike(payments.reference, m.referencePattern),
          m.payerIds.length ? inArray(payments.userId, m.payerIds) : undefined,
        )
      : undefined,
  );
}

/**
 * One page of the refunds the filter matches, newest first (ties by id), after the refund
 * `before` when given; `limit + 1` rows at most, so the caller knows whether more follow.
 */
export function queuedRefunds(ex: Executor, f: RefundQueueFilter, page: { before?: string; limit: number }) {
  return ex
    .select({
      id: refunds.id,
      amountKobo: refunds.amountKobo,
      reason: refunds.reason,
      state: refunds.state,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
      purpose: payments.purpose,
      subjectId: payments.subjectId,
      payerId: payments.userId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        queueConditions(f),
        page.before
          ? sql`(${refunds.createdAt}, ${refunds.id}) < (SELECT c.created_at, c.id FROM refunds c WHERE c.id = ${page.before})`
          : undefined,
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(page.limit + 1);
}

/** How many refunds the filter matches and their sum in kobo, per state (states with none absent). */
export async function queuedRefundTotals(
  ex: Executor,
  f: RefundQueueFilter,
): Promise<{ state: RefundState; count: number; kobo: number }[]> {
  const rows = await ex
    .select({
      state: refunds.state,
      count: sql<number>`count(*)::int`,
      kobo: sql<string>`coalesce(sum(${refunds.amountKobo}), 0)::bigint`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(queueConditions(f))
    .groupBy(refunds.state);
  return rows.map((r) => ({ state: r.state, count: Number(r.count), kobo: Number(r.kobo) }));
}
