/**
 * The refunds of the payments behind orders and dispatches, as their timelines show them
 * (tracking, through index.ts); the read runs on the caller's executor.
 */
import type { Executor } from '../../infra/db/client.js';
import type { PaymentPurpose } from './purposes.js';
import { refundsOfSubjects } from './payments.repo.js';

/** A refund of the payment behind an order or a dispatch (`subjectId`). */
export interface SubjectRefund {
  subjectId: string;
  amountKobo: number;
  state: 'pending' | 'processed' | 'failed';
  createdAt: Date;
  processedAt: Date | null;
}

/** Refunds of the payments behind the given orders or dispatches, oldest first. */
export function refundsOf(
  ex: Executor,
  purpose: PaymentPurpose,
  subjectIds: readonly string[],
): Promise<SubjectRefund[]> {
  return refundsOfSubjects(ex, purpose, subjectIds);
}
