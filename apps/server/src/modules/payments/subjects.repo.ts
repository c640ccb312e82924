import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { payments, refunds } from './payments.tables.js';

/** The latest paid payment of the subject: its amount and how much of it went back. */
export async function paidPayment(ex: Executor, purpose: 'order' | 'dispatch', subjectId: string) {
  const [row] = await ex
    .select({ id: payments.id, amountKobo: payments.amountKobo, refundedKobo: payments.refundedKobo })
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId), eq(payments.state, 'paid')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** Every payment attempt of the subject, oldest first. */
export async function paymentsOfSubject(ex: Executor, subjectId: string) {
  return ex
    .select({
      id: payments.id,
      reference: payments.reference,
      state: payments.state,
      amountKobo: payments.amountKobo,
      refundedKobo: payments.refundedKobo,
      provider: payments.provider,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(eq(payments.subjectId, subjectId))
    .orderBy(asc(payments.createdAt));
}

/** Every refund of the subject's payments, oldest first. */
export async function refundsOfSubject(ex: Executor, subjectId: string) {
  return ex
    .select({
      id: refunds.id,
      amountKobo: refunds.amountKobo,
      reason: refunds.reason,
      state: refunds.state,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.subjectId, subjectId))
    .orderBy(asc(refunds.createdAt));
}

/** The paid payments behind an order, oldest first: its checkout's, or its group members' shares. */
export async function paidPaymentsOfOrder(ex: Executor, orderId: string) {
  return ex
    .select({
      id: payments.id,
      userId: payments.userId,
      amountKobo: payments.amountKobo,
      refundedKobo: payments.refundedKobo,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.purpose, ['order', 'group_share']),
        eq(payments.subjectId, orderId),
        eq(payments.state, 'paid'),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id));
}
