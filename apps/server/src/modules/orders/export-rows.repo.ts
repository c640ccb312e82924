/**
 * The orders' rows for the accountant's CSV exports (modules/exports), one keyset page at a time:
 * orders paid in a period, and their lines (all shops, or one), ordered by (paid_at, id). The
 * cursor's time is PostgreSQL's own text of the timestamp, so no microsecond is lost on the way.
 */
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/client.js';
import { orderItems, orders } from './orders.tables.js';

/** A page of a period [from, to), after the last row of the page before (null: the first page). */
export interface ExportPageQuery {
  from: Date;
  to: Date;
  after: { at: string; id: string } | null;
  limit: number;
}

const paidIn = (q: ExportPageQuery, id: AnyPgColumn): SQL | undefined =>
  and(
    gte(orders.paidAt, q.from),
    lt(orders.paidAt, q.to),
    q.after ? sql`(${orders.paidAt}, ${id}) > (${q.after.at}::timestamptz, ${q.after.id}::uuid)` : undefined,
  );

export function paidOrdersPage(ex: Executor, q: ExportPageQuery) {
  return ex
    .select({
      id: orders.id,
      userId: orders.userId,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      itemsKobo: orders.itemsKobo,
      itemsDiscountKobo: orders.itemsDiscountKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      deliveryDiscountKobo: orders.deliveryDiscountKobo,
      serviceFeeKobo: orders.serviceFeeKobo,
      amountKobo: orders.amountKobo,
      paymentState: orders.paymentState,
      // Qualified by hand: in a one-table select the ORM writes a bare "id", which the subquery would take as its own.
      units: sql<number>`(SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = "orders"."id")`,
      statuses: sql<string>`(SELECT coalesce(string_agg(DISTINCT oi.status, '; '), '') FROM order_items oi WHERE oi.order_id = "orders"."id")`,
      cursorAt: sql<string>`${orders.paidAt}::text`,
    })
    .from(orders)
    .where(paidIn(q, orders.id))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(q.limit);
}

export function paidLinesPage(ex: Executor, q: ExportPageQuery & { vendorId?: string }) {
  return ex
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      userId: orders.userId,
      paidAt: orders.paidAt,
      vendorId: orderItems.vendorId,
      productName: orderItems.productName,
      optionName: orderItems.optionName,
      quantity: orderItems.quantity,
      unitPriceKobo: orderItems.unitPriceKobo,
      discountKobo: orderItems.discountKobo,
      shopFundedKobo: orderItems.shopFundedKobo,
      status: orderItems.status,
      cancelReason: orderItems.cancelReason,
      cursorAt: sql<string>`${orders.paidAt}::text`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(paidIn(q, orderItems.id), q.vendorId ? eq(orderItems.vendorId, q.vendorId) : undefined))
    .orderBy(asc(orders.paidAt), asc(orderItems.id))
    .limit(q.limit);
}
