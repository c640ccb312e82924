import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { insertJsonRows } from '../../infra/db/json-rows.js';
import { cartItems, users } from '../auth/auth.tables.js';
import { orderItems, orders } from './orders.tables.js';
import { payments, type PaymentState } from '../payments/payments.tables.js';
import { productOptions, products, vendors } from '../catalogue/catalogue.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { queueStatusPush } from '../push/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

/** Live products of approved vendors, with their vendor, for a checkout. */
export async function loadProductsForCheckout(
  ex: Executor,
  productIds: string[],
): Promise<{ product: ProductRow; vendor: VendorRow }[]> {
  if (!productIds.length) return [];
  return ex
    .select({ product: products, vendor: vendors })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(inArray(products.id, productIds), isNull(products.deletedAt), eq(vendors.status, 'approved')));
}

export async function loadOptions(ex: Executor, productIds: string[]): Promise<OptionRow[]> {
  if (!productIds.length) return [];
  return ex
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, productIds))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
}

export async function loadApprovedVendors(ex: Executor, ids: string[]): Promise<VendorRow[]> {
  if (!ids.length) return [];
  return ex
    .select()
    .from(vendors)
    .where(and(inArray(vendors.id, ids), eq(vendors.status, 'approved')));
}

/**
 * Orders, their ids already chosen, and their items, in one statement (a batch of checkouts:
 * nothing to read back). The items' orders are checked at the end of the statement, when both
 * are in.
 */
export async function insertOrdersWithItems(ex: Executor, orderRows: NewOrder[], items: NewOrderItem[]): Promise<void> {
  await ex.execute(sql`with placed as (${insertJsonRows(orders, orderRows)}) ${insertJsonRows(orderItems, items)}`);
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

export async function itemsOf(
  ex: Executor,
  orderIds: string[],
): Promise<(OrderItemRow & { vendorName: string; vendorUserId: string | null })[]> {
  if (!orderIds.length) return [];
  const rows = await ex
    .select({ item: orderItems, vendorName: vendors.businessName, vendorUserId: vendors.userId })
    .from(orderItems)
    .innerJoin(vendors, eq(vendors.id, orderItems.vendorId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.productName), asc(orderItems.id));
  return rows.map((r) => ({ ...r.item, vendorName: r.vendorName, vendorUserId: r.vendorUserId }));
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

/** Records status changes and, in the same transaction, the push job that tells the customer. */
export async function recordStatusEvents(ex: Executor, rows: (typeof statusEvents.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await ex.insert(statusEvents).values(rows);
  const groups = new Map<
    string,
    {
      subjectType: (typeof rows)[number]['subjectType'];
      subjectIds: string[];
      status: string;
      actorId: string | null;
      note: string | null;
    }
  >();
  for (const r of rows) {
    const key = JSON.stringify([r.subjectType, r.status, r.actorId ?? null, r.note ?? null]);
    const g =
      groups.get(key) ??
      groups
        .set(key, {
          subjectType: r.subjectType,
          subjectIds: [],
          status: r.status,
          actorId: r.actorId ?? null,
          note: r.note ?? null,
        })
        .get(key)!;
    g.subjectIds.push(r.subjectId);
  }
  for (const g of groups.values()) await queueStatusPush(ex, g);
}

/** Removes the bought lines from the customer's cart. */
export async function removeCartLines(
  ex: Executor,
  userId: string,
  lines: { productId: string; optionId: string }[],
): Promise<void> {
  for (const l of lines) {
    await ex
      .delete(cartItems)
      .where(
        and(eq(cartItems.userId, userId), eq(cartItems.productId, l.productId), eq(cartItems.optionId, l.optionId)),
      );
  }
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

export async function paidPaymentOf(ex: Executor, orderId: string) {
  const [row] = await ex
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'order'), eq(payments.subjectId, orderId), eq(payments.state, 'paid')));
  return row;
}

/** Where to mail the order's customer: their account's address, else the one given at checkout. */
export async function customerEmail(ex: Executor, order: OrderRow): Promise<string> {
  const [u] = await ex.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  return u?.email ?? String(order.address.email);
}
