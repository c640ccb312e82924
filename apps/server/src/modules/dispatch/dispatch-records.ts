/**
 * What a dispatch records or reads through other modules, inside the caller's transaction: its
 * status changes go to the status log (order-events, with the push job that tells the sender),
 * and the payment behind it is the payments module's.
 */
import type { ItemStatus } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { recordStatusEvents } from '../order-events/index.js';
import { paidPaymentOf } from '../payments/index.js';

/** Records a status change and, in the same transaction, the push job that tells the sender. */
export function insertStatusEvent(
  ex: Executor,
  e: { dispatchId: string; status: ItemStatus | 'refunded'; actorId: string | null; note?: string },
): Promise<void> {
  return recordStatusEvents(ex, 'dispatch', [e.dispatchId], e.status, e.actorId, e.note ?? null);
}

/** The paid payment behind a dispatch (for the refund on cancellation). */
export function findPaidPayment(
  ex: Executor,
  dispatchId: string,
): Promise<{ id: string; amountKobo: number; refundedKobo: number } | undefined> {
  return paidPaymentOf(ex, 'dispatch', dispatchId);
}
