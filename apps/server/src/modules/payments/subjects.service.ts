/**
 * What other modules read of the payments of their subjects (an order, a dispatch): the paid one
 * to refund from, and the whole record an admin reads. Each takes the caller's executor, so it
 * runs inside the caller's transaction. The SQL is in subjects.repo.ts.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './subjects.repo.js';

/** The subject's paid payment (the latest, should there be two), or undefined. */
export function paidPaymentOf(
  ex: Executor,
  purpose: 'order' | 'dispatch',
  subjectId: string,
): Promise<{ id: string; amountKobo: number; refundedKobo: number } | undefined> {
  return repo.paidPayment(ex, purpose, subjectId);
}

/** The subject's payment attempts and their refunds, oldest first. */
export async function paymentRecordOf(ex: Executor, subjectId: string) {
  const [payments, refunds] = await Promise.all([
    repo.paymentsOfSubject(ex, subjectId),
    repo.refundsOfSubject(ex, subjectId),
  ]);
  return { payments, refunds };
}
