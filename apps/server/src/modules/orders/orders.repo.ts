import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ItemStatus } from '@jara/shared';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { insertJsonRows } from '../../infra/db/json-rows.js';
import type { PaymentState } from '../payments/index.js';
import { orderItems, orders } from './orders.tables.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

/**
 * Orders, their ids already chosen, and their items, in one statement (a batch of checkouts:
 * nothing to read back). The items' orders are checked at the end of the statement, when both
 * are in.
 */
export async function insertOrdersWithItems(ex: Executor, orderRows: NewOrder[], items: NewOrderItem[]): Promise<void> {
  await ex.execute(sql`with placed as (${insertJsonRows(orders, orderRows)}) ${insertJsonRows(orderItems, items)}`);
}

/**
 * How many orders each of these shops has in each of these slots: orders paid for or being paid,
 * with an item of the shop not cancelled; keyed `<shop>|<slot start ISO>`.
 */
export async function ordersInSlots(ex: Executor, vendorIds: string[], froms: Date[]): Promise<Map<string, number>> {
  if (!vendorIds.length || !froms.length) return new Map();
  const rows = await queryRows<{ vendor_id: string; deliver_from: Date | string; n: number }>(
    ex,
    sql`
    SELECT i.vendor_id, o.deliver_from, count(DISTINCT o.id)::int AS n
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.deliver_from IN (${sql.join(
      [...new Set(froms.map((f) => f.toISOString()))].map((f) => sql`${f}::timestamptz`),
      sql`, `,
    )})
      AND i.vendor_id IN (${sql.join(
        vendorIds.map((v) => sql`${v}::uuid`),
        sql`, `,
      )})
      AND o.payment_state IN ('awaiting', 'paid') AND i.status <> 'Order Cancelled'
    GROUP BY i.vendor_id, o.deliver_from`,
  );
  return new Map(rows.map((r) => [`${r.vendor_id}|${new Date(r.deliver_from).toISOString()}`, Number(r.n)]));
}

export async function findOrder(ex: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Locks the order row for the rest of the transaction (cancel vs. vendor confirm). */
export async function lockOrder(ex: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await ex.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The items of the given orders, by order, then product name. */
export async function itemsOf(ex: Executor, orderIds: string[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return ex
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.productName), asc(orderItems.id));
}

/** `awaiting → paid` on the order itself (the payment's transition already happened once). */
export async function setOrderPaid(
  ex: Executor,
  id: string,
  paidAt: Date,
  deliveryCode: string,
): Promise<OrderRow | undefined> {
  const [row] = await ex
    .update(orders)
    .set({ paymentState: 'paid', paidAt, deliveryCode })
    // failed/abandoned too: the provider confirmed a charge after it was reported failed.
    .where(and(eq(orders.id, id), inArray(orders.paymentState, ['awaiting', 'failed', 'abandoned'])))
    .returning();
  return row;
}

export async function setOrderUnpaid(
  ex: Executor,
  id: string,
  state: Extract<PaymentState, 'failed' | 'abandoned'>,
): Promise<void> {
  await ex
    .update(orders)
    .set({ paymentState: state })
    .where(and(eq(orders.id, id), eq(orders.paymentState, 'awaiting')));
}

/** Cancels the items still at Order Placed; returns those it changed. */
export async function cancelPlacedItems(ex: Executor, orderId: string, reason: string): Promise<OrderItemRow[]> {
  return ex
    .update(orderItems)
    .set({ status: 'Order Cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'Order Placed')))
    .returning();
}

/** A page of the customer's paid orders, newest first. */
export async function listPaidOrders(ex: Executor, userId: string, limit: number, offset: number): Promise<OrderRow[]> {
  return ex
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentState, 'paid')))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** Moves the given items of an order from one status to another; returns those that moved. */
/** An item whose status moved: what it cost, and what promotions took off it (decision 0051). */
export interface MovedItem {
  id: string;
  vendorId: string;
  unitPriceKobo: number;
  quantity: number;
  /** Off the price the customer paid (a refund gives back the rest). */
  discountKobo: number;
  /** Of any promotion, what the shop funds (off its share before commission). */
  shopFundedKobo: number;
}

export async function moveItemStatuses(
  ex: Executor,
  orderId: string,
  from: readonly string[],
  to: ItemStatus,
  filter: { vendorId?: string; itemIds?: string[]; cancelReason?: string },
): Promise<MovedItem[]> {
  const moved = await ex
    .update(orderItems)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(filter.cancelReason !== undefined ? { cancelReason: filter.cancelReason } : {}),
    })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(orderItems.status, [...from]),
        filter.vendorId ? eq(orderItems.vendorId, filter.vendorId) : undefined,
        filter.itemIds ? inArray(orderItems.id, filter.itemIds) : undefined,
      ),
    )
    .returning({
      id: orderItems.id,
      vendorId: orderItems.vendorId,
      unitPriceKobo: orderItems.unitPriceKobo,
      quantity: orderItems.quantity,
      discountKobo: orderItems.discountKobo,
      shopFundedKobo: orderItems.shopFundedKobo,
    });
  const milestone = MILESTONES[to];
  // now(), as the status log stamps the change in the same transaction.
  if (moved.length && milestone)
    await ex
      .update(orders)
      .set({ [milestone]: sql`now()` })
      .where(eq(orders.id, orderId));
  return moved;
}

/** The order's column keeping the latest time its lines reached these statuses (the dashboards' times). */
const MILESTONES: Partial<Record<ItemStatus, 'confirmedAt' | 'pickedAt' | 'deliveredAt'>> = {
  'Order Confirmed': 'confirmedAt',
  'Order Picked': 'pickedAt',
  'Order Delivered': 'deliveredAt',
};

/** The order's customer, or undefined for an unknown order. */
export async function orderCustomer(
  ex: Executor,
  orderId: string,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await ex.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The statuses of an order's items, by item id. */
export async function itemStatusesById(
  ex: Executor,
  orderId: string,
): Promise<{ id: string; status: string; cancelReason: string | null; payerId: string | null }[]> {
  return ex
    .select({
      id: orderItems.id,
      status: orderItems.status,
      cancelReason: orderItems.cancelReason,
      payerId: orderItems.payerId,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Units sold per product: in paid orders, cancelled items left out (the catalogue's popular sort). */
export async function unitsSoldByProduct(ex: Executor): Promise<{ product_id: string; sold: number }[]> {
  return queryRows<{ product_id: string; sold: number }>(
    ex,
    sql`
    SELECT i.product_id, sum(i.quantity)::int AS sold
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.payment_state = 'paid' AND i.status <> 'Order Cancelled'
    GROUP BY i.product_id`,
  );
}

/** The customer's latest paid orders, newest first. */
export async function latestPaidOrders(ex: Executor, userId: string, limit: number): Promise<OrderRow[]> {
  return ex
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentState, 'paid')))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** Items by id: the order each belongs to and the shop that sells it. */
export async function itemOrdersAndShops(
  ex: Executor,
  itemIds: readonly string[],
): Promise<{ id: string; orderId: string; vendorId: string }[]> {
  if (!itemIds.length) return [];
  return ex
    .select({ id: orderItems.id, orderId: orderItems.orderId, vendorId: orderItems.vendorId })
    .from(orderItems)
    .where(inArray(orderItems.id, [...itemIds]));
}

/**
 * Paid orders, paid before `cutoff`, with an item no vendor has confirmed yet, oldest first (the
 * partial index of paid orders with no rider: an order waiting on a vendor has none).
 */
export async function ordersAwaitingConfirmation(
  ex: Executor,
  cutoff: Date,
  limit: number,
  /** Orders for later are due from their preparation time, on the slots' clock: before this. */
  slotCutoff: Date = cutoff,
): Promise<string[]> {
  const rows = await ex
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentState, 'paid'),
        sql`${orders.riderId} IS NULL`,
        sql`${orders.paidAt} < ${cutoff.toISOString()}`,
        sql`(${orders.prepareAt} IS NULL OR ${orders.prepareAt} < ${slotCutoff.toISOString()})`,
        sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${orderItems.status} = 'Order Placed')`,
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The accounts (of these) with an order paid and not wholly cancelled: they have had a first
 * order (a cancelled or refunded one does not use it up, decision 0051).
 */
export async function usersWithKeptOrders(ex: Executor, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    ex,
    sql`
    SELECT DISTINCT o.user_id FROM orders o
    WHERE o.user_id = ANY(${sql.param(userIds)}::uuid[]) AND o.paid_at IS NOT NULL
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status <> 'Order Cancelled')`,
  );
  return new Set(rows.map((r) => r.user_id));
}
