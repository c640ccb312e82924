/**
 * What the CSV exports (modules/exports) read of the payments, through index.ts: the refunds of a
 * period a page at a time, each with its source (refund-source.ts), and the orders' payment sums.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './export-rows.repo.js';
import { refundSource } from './refund-source.js';

/** Refunds asked in [from, to), by (created_at, id), with their payment and source. */
export async function refundsForExport(ex: Executor, q: repo.RefundPageQuery) {
  const rows = await repo.refundsPage(ex, q);
  return rows.map((r) => ({ ...r, source: refundSource(r.reason) }));
}

/** Each order's paid references, and its refunds processed and still pending (kobo). */
export async function orderPaymentsForExport(
  ex: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { references: string; processedKobo: number; pendingKobo: number }>> {
  const rows = await repo.orderPaymentSums(ex, orderIds);
  return new Map(
    rows.map((r) => [
      r.orderId,
      { references: r.references, processedKobo: Number(r.processedKobo), pendingKobo: Number(r.pendingKobo) },
    ]),
  );
}
