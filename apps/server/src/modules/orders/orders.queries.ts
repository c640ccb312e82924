/**
 * What other modules ask the orders module about its orders, through index.ts: the rider's side
 * of an order's delivery (board, accept, code tries, earnings) and the units sold the catalogue's
 * popular sort reads. Each takes the caller's executor, so it joins the caller's transaction.
 */
import type { Executor } from '../../infra/db/client.js';
import * as deliveries from './deliveries.repo.js';
import {
  itemOrdersAndShops,
  itemsOf,
  latestPaidOrders,
  unitsSoldByProduct,
  type OrderItemRow,
  type OrderRow,
} from './orders.repo.js';

export type { BoardTime, OrderDeliveryRow } from './deliveries.repo.js';

/**
 * Paid orders whose remaining items are all confirmed and that no rider holds, soonest due first;
 * an order for later only once its slot is near at `now` (the slots' clock).
 */
export function openOrderDeliveries(
  ex: Executor,
  at: deliveries.BoardTime,
  limit?: number,
): Promise<deliveries.OrderDeliveryRow[]> {
  return deliveries.listOpenOrderDeliveries(ex, at, limit);
}

/** Orders on the board since before `cutoff` (their last confirmation) that no rider has taken. */
export function ordersWaitingForRider(ex: Executor, cutoff: Date, at: deliveries.BoardTime): Promise<string[]> {
  return deliveries.listOrdersWaitingForRider(ex, cutoff, at);
}

/** An order as a delivery (locked for the rest of the transaction with `lock`). */
export function findOrderDelivery(
  ex: Executor,
  id: string,
  lock = false,
): Promise<deliveries.OrderDeliveryRow | undefined> {
  return deliveries.findOrderDelivery(ex, id, lock);
}

/** Gives the order to the rider if it is still free and fully confirmed; whether they got it. */
/** Clears the rider of an order accepted but not picked up; the rider released, or null when it cannot be. */
export function unassignOrder(ex: Executor, id: string): Promise<string | null> {
  return deliveries.unassignOrder(ex, id);
}

/**
 * Gives the order (and the rest of its batch) to the rider if it is still free, fully confirmed and
 * offered at `at`; the orders they got (none: another rider was first).
 */
export function assignOrder(
  ex: Executor,
  id: string,
  riderUserId: string,
  at: deliveries.BoardTime,
): Promise<string[]> {
  return deliveries.assignOrder(ex, id, riderUserId, at);
}

/** Fixes the fee each order's rider share is taken from (decision 0048). */
export function setRiderBasis(ex: Executor, basis: Map<string, number>): Promise<void> {
  return deliveries.setRiderBasis(ex, basis);
}

/** The orders of these batches that are not wholly cancelled, with their doors. */
export function batchMembers(ex: Executor, batchIds: string[]) {
  return deliveries.batchMembers(ex, batchIds);
}

/** What to collect at each vendor of these orders (items not cancelled): one row per order and vendor. */
export function pickupLines(
  ex: Executor,
  orderIds: string[],
): Promise<{ order_id: string; vendor_id: string; items: string[] }[]> {
  return deliveries.pickupLines(ex, orderIds);
}

/** The rider's orders in progress (`active`) or finished, newest first, with their items' statuses. */
export function riderOrders(
  ex: Executor,
  riderUserId: string,
  active: boolean,
  limit?: number,
): Promise<(deliveries.OrderDeliveryRow & { statuses: string[] })[]> {
  return deliveries.riderOrders(ex, riderUserId, active, limit);
}

/** The customer's delivery code of the order, once paid. */
export function orderCode(ex: Executor, id: string): Promise<string | null> {
  return deliveries.orderCode(ex, id);
}

/** Counts one wrong code; the try that reaches `max` also locks the order. */
export function recordWrongOrderCode(
  ex: Executor,
  id: string,
  max: number,
): Promise<{ attempts: number; locked: boolean }> {
  return deliveries.recordWrongOrderCode(ex, id, max);
}

/** The rider's delivered orders with their delivery fee (kobo) and when the last item was delivered. */
export function deliveredOrders(
  ex: Executor,
  riderUserId: string,
): Promise<{ id: string; deliveryFeeKobo: number; at: Date }[]> {
  return deliveries.deliveredOrders(ex, riderUserId);
}

/** Whether the rider carries an order that is not delivered, cancelled or locked. */
export function carriesOrder(ex: Executor, riderUserId: string): Promise<boolean> {
  return deliveries.carriesOrder(ex, riderUserId);
}

/** The statuses of the order's items. */
export function itemStatuses(ex: Executor, orderId: string): Promise<string[]> {
  return deliveries.itemStatuses(ex, orderId);
}

/** Units sold per product id in paid orders, cancelled items left out (products never sold are absent). */
export async function unitsSold(ex: Executor): Promise<Map<string, number>> {
  const rows = await unitsSoldByProduct(ex);
  return new Map(rows.map((r) => [r.product_id, Number(r.sold)]));
}

/** The customer's latest paid orders, newest first, each with its items (what support sees beside a chat). */
export async function recentPaidOrders(
  ex: Executor,
  customerId: string,
  limit: number,
): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  const list = await latestPaidOrders(ex, customerId, limit);
  const items = await itemsOf(
    ex,
    list.map((o) => o.id),
  );
  return list.map((order) => ({ order, items: items.filter((i) => i.orderId === order.id) }));
}

/** Items by id: the order each belongs to and the shop that sells it (unknown ids left out). */
export function itemOrders(
  ex: Executor,
  itemIds: readonly string[],
): Promise<{ id: string; orderId: string; vendorId: string }[]> {
  return itemOrdersAndShops(ex, itemIds);
}
