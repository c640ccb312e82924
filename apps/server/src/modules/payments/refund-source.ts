/**
 * Where a refund came from, read from its reason as the code that queues it words it today (the
 * callers of PaymentService.refund: admin/orders.service.ts, orders/cancellation.service.ts,
 * dispatch/sender.service.ts, seller/seller.service.ts, orders/confirm-deadline.ts,
 * disputes/disputes.service.ts). No column says it, so one list of rules serves both the rows
 * (refundSource) and the admin's filter in SQL (payments.repo.ts): the two cannot disagree. Each
 * pattern is written for JavaScript's RegExp and PostgreSQL's `~` alike; the first that matches wins.
 */
import type { RefundSource } from '@jara/shared';

const UUID = '[0-9a-f-]{36}';

export const REFUND_SOURCE_RULES: readonly { source: Exclude<RefundSource, 'other'>; pattern: string }[] = [
  // `Admin refund: <the admin's reason>` (first: the admin's own words may look like anything below).
  { source: 'admin', pattern: '^Admin refund: ' },
  // `Dispute <first 8 of its id> on order <order id>`
  { source: 'dispute', pattern: `^Dispute [0-9a-f]{8} on order ${UUID}$` },
  // `Order <id> cancelled by the customer`; `Dispatch cancelled by the sender`
  {
    source: 'cancelled',
    pattern: `^(Order ${UUID} cancelled by the customer|Dispatch cancelled by the sender)$`,
  },
  // `Declined by <shop>: <the vendor's reason>`
  { source: 'declined', pattern: '^Declined by .+: ' },
  // `Order <id>: not confirmed within <n> minutes` (the confirm deadline)
  { source: 'unconfirmed', pattern: `^Order ${UUID}: not confirmed within [0-9]+ minutes$` },
];

const RULES = REFUND_SOURCE_RULES.map((r) => ({ source: r.source, re: new RegExp(r.pattern) }));

/** The source a refund's reason names; `other` for a reason none of the rules knows. */
export function refundSource(reason: string): RefundSource {
  return RULES.find((r) => r.re.test(reason))?.source ?? 'other';
}

const DISPUTE = new RegExp(`^Dispute ([0-9a-f]{8}) on order (${UUID})$`);

/** The dispute a dispute's refund names: the first eight characters of its id, and its order. */
export function disputeNamedBy(reason: string): { ref: string; orderId: string } | null {
  const m = DISPUTE.exec(reason);
  return m ? { ref: m[1]!, orderId: m[2]! } : null;
}
