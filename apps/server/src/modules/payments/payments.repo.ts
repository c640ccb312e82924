import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { payments, refunds, webhookEvents, type AttemptState } from './payments.tables.js';

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
  purpose: 'order' | 'dispatch',
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
    .where(and(eq(payments.purpose, purpose), inArray(payments.subjectId, [...subjectIds])))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
