/**
 * Orders as the admin and seller portals read and change them: the admin's order list and refunds,
 * a vendor's incoming orders and delivered sales. Each function takes the caller's executor, so it
 * runs inside the caller's transaction. The SQL is in portals.repo.ts.
 */
import type { Executor, Tx } from '../../infra/db/client.js';
import { leftToRefund, orderPaymentsOf, type PaymentService } from '../payments/index.js';
import { releaseUses } from '../promotions/index.js';
import { itemsByPayer } from './group-orders.js';
import * as orders from './orders.repo.js';
import * as repo from './portals.repo.js';

/**
 * Orders past the payment page, newest first, at most 300, each with its items' statuses and the
 * customer's id. With `q`: those whose id contains it, or whose customer is among `customerIds`
 * (the accounts whose name or email contains it).
 */
export function adminOrderList(ex: Executor, f: { q?: string; customerIds?: string[]; from?: string; to?: string }) {
  const pattern = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => '\\' + m)}%` : null;
  return repo.adminOrders(ex, {
    match: pattern ? { pattern, userIds: f.customerIds ?? [] } : undefined,
    from: f.from,
    to: f.to,
  });
}

/** The order and its items; `lock` locks the order for the rest of the caller's transaction. */
export async function orderWithItems(ex: Executor, id: string, lock = false) {
  const order = lock ? await orders.lockOrder(ex, id) : await orders.findOrder(ex, id);
  if (!order) return undefined;
  return { order, items: await repo.itemRowsOf(ex, id) };
}

/** The order locked for the rest of the caller's transaction (a vendor confirming or declining). */
export function lockOrderForVendor(ex: Executor, id: string) {
  return orders.lockOrder(ex, id);
}

/** Cancels these items with the reason, whatever their status; the caller records the change. */
export function cancelOrderItems(ex: Executor, itemIds: string[], reason: string): Promise<void> {
  return repo.cancelItems(ex, itemIds, reason);
}

/** Paid orders with this vendor's items, by scope (at most 200): one row per item of this vendor. */
export function vendorOrderLines(ex: Executor, vendorId: string, scope: 'active' | 'today' | 'past', todayStart: Date) {
  return repo.vendorOrderItems(ex, vendorId, scope, todayStart);
}

export function vendorHasItems(ex: Executor, orderId: string, vendorId: string): Promise<boolean> {
  return repo.hasVendorItems(ex, orderId, vendorId);
}

/** Options among `ids` that past orders point to (a vendor cannot delete those). */
export function optionsInOrders(ex: Executor, optionIds: string[]): Promise<string[]> {
  return repo.optionsInOrders(ex, optionIds);
}

/** This vendor's delivered items by order, last delivered first: when, the amount and how many. */
export async function vendorSales(
  ex: Executor,
  vendorId: string,
): Promise<{ orderId: string; at: Date; grossKobo: number; shopFundedKobo: number; count: number }[]> {
  return (await repo.deliveredVendorItems(ex, vendorId)).map((r) => ({
    orderId: r.order_id,
    at: new Date(r.at),
    grossKobo: Number(r.gross),
    shopFundedKobo: Number(r.funded),
    count: Number(r.n),
  }));
}

/** The gross (less the shop's own promotions) of a shop's items paid for and still on their way (neither delivered nor cancelled). */
export async function vendorHeldKobo(ex: Executor, vendorId: string): Promise<number> {
  return repo.heldVendorItemsKobo(ex, vendorId);
}

/**
 * Refunds cancelled items through the payment provider. When nothing is left of the order, the
 * whole remaining payment (delivery and service fees too) goes back. A group order's items
 * (`itemIds`) go back to the members who paid for them, the rest of it to each member in
 * proportion to what they paid (decision 0049).
 */
export async function refundCancelledItems(
  paymentService: PaymentService,
  tx: Tx,
  orderId: string,
  itemsKobo: number,
  wholeOrder: boolean,
  reason: string,
  itemIds: readonly string[] = [],
): Promise<number> {
  // Nothing left of the order: its promotions' uses count no more (decision 0051).
  if (wholeOrder) await releaseUses(tx, orderId, new Date(), 'cancelled');
  const left = leftToRefund(await orderPaymentsOf(tx, orderId));
  const amount = Math.min(left, wholeOrder ? left : itemsKobo);
  if (amount <= 0) return 0;
  const order = itemIds.length && !wholeOrder ? await orders.findOrder(tx, orderId) : undefined;
  const byPayer = order
    ? itemsByPayer(
        order.userId,
        (await orders.itemsOf(tx, [orderId])).filter((i) => itemIds.includes(i.id)),
      )
    : undefined;
  await paymentService.refundOrder(tx, orderId, amount, reason, { byPayer });
  return amount;
}
