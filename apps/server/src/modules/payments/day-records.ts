/**
 * What the daily reconciliation (modules/reconciliation) reads of our payments and refunds: those
 * settled on a day, and those the provider's lists of that day name, wherever they fall. The read
 * runs on the caller's executor; the SQL is in day-records.repo.ts.
 */
import type { Executor } from '../../infra/db/client.js';
import type { AttemptState } from './payments.tables.js';
import * as repo from './day-records.repo.js';

/** A payment as the reconciliation compares it with the provider's transaction. */
export interface PaymentRecord {
  id: string;
  reference: string;
  amountKobo: number;
  refundedKobo: number;
  state: AttemptState;
  paidAt: Date | null;
}

/** A refund as the reconciliation compares it with the provider's: `reference` is its payment's. */
export interface RefundRecord {
  id: string;
  reference: string;
  amountKobo: number;
  state: 'pending' | 'processed' | 'failed';
  sentAt: Date | null;
  createdAt: Date;
  processedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The note a refund of ours carries to the provider starts with `jara-refund:<its id>` (refunds.ts). */
const REFUND_NOTE = /^jara-refund:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\s|$)/i;

/** Our refund's id in a provider refund's merchant note; null when the note is none of ours. */
export function refundIdInNote(note: string): string | null {
  return REFUND_NOTE.exec(note)?.[1]?.toLowerCase() ?? null;
}

/** The marker a refund of ours leads its note with, which the provider can be asked to find. */
export const refundNoteMarker = (refundId: string) => `jara-refund:${refundId}`;

/**
 * Payments paid in [from, to) and those with `references`; refunds processed in [from, to) and
 * those with `refundIds` (ids that are no refund id of ours are left out).
 */
export async function paymentRecordsFor(
  ex: Executor,
  q: { from: Date; to: Date; references: readonly string[]; refundIds: readonly string[] },
): Promise<{ payments: PaymentRecord[]; refunds: RefundRecord[] }> {
  const payments = await repo.paymentsPaidOrNamed(ex, q.from, q.to, q.references);
  const refunds = await repo.refundsProcessedOrNamed(
    ex,
    q.from,
    q.to,
    q.refundIds.filter((id) => UUID.test(id)),
  );
  return { payments, refunds };
}

/** Every paid charge and every processed refund, summed: what the ledger's cash is checked against (decision 0045). */
export function chargedAndRefundedKobo(ex: Executor): Promise<{ chargesKobo: number; refundsKobo: number }> {
  return repo.chargedAndRefundedKobo(ex);
}
