/**
 * The refunds as the admin's queue reads them (through index.ts): a filtered page, newest first,
 * each with the order or dispatch it pays back, the payer, and its source read from its reason
 * (refund-source.ts); and the totals of everything the filter matches. The SQL is in payments.repo.ts.
 */
import type { RefundSource, RefundState } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import type { PaymentPurpose } from './purposes.js';
import { queuedRefundTotals, queuedRefunds, type RefundQueueFilter } from './payments.repo.js';
import { disputeNamedBy, refundSource } from './refund-source.js';

export type { RefundQueueFilter } from './payments.repo.js';

/** A refund in the queue (kobo). `dispute`: the dispute its reason names (short id and order), if any. */
interface QueuedRefund {
  id: string;
  amountKobo: number;
  state: RefundState;
  source: RefundSource;
  reason: string;
  purpose: PaymentPurpose;
  subjectId: string;
  payerId: string;
  createdAt: Date;
  processedAt: Date | null;
  dispute: { ref: string; orderId: string } | null;
}

type RefundTotals = Record<RefundState, { count: number; kobo: number }>;

/** A page of the refunds the filter matches (after `before`), the cursor of the next page, and the totals. */
export async function refundQueue(
  ex: Executor,
  filter: RefundQueueFilter,
  page: { before?: string; limit: number },
): Promise<{ refunds: QueuedRefund[]; nextCursor: string | null; totals: RefundTotals }> {
  const [rows, sums] = await Promise.all([queuedRefunds(ex, filter, page), queuedRefundTotals(ex, filter)]);
  const shown = rows.slice(0, page.limit);
  const totals: RefundTotals = {
    pending: { count: 0, kobo: 0 },
    processed: { count: 0, kobo: 0 },
    failed: { count: 0, kobo: 0 },
  };
  for (const s of sums) totals[s.state] = { count: s.count, kobo: s.kobo };
  return {
    refunds: shown.map((r) => ({
      ...r,
      source: refundSource(r.reason),
      dispute: r.purpose === 'dispatch' ? null : disputeNamedBy(r.reason),
    })),
    nextCursor: rows.length > page.limit ? (shown[shown.length - 1]?.id ?? null) : null,
    totals,
  };
}
