import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { orderItems } from './orders.tables.js';

export interface AdminOrderRecord {
  id: string;
  created_at: Date;
  paid_at: Date | null;
  payment_state: string;
  amount_kobo: number;
  user_id: string;
  rider_id: string | null;
  locked_at: Date | null;
  /** An order for later: its slot's start. */
  deliver_from: Date | null;
  statuses: string[];
  /** Batched by hall (decision 0048): "Batch & save", and the orders its job carries. */
  batch_save: boolean;
  batch_size: number;
  /** A group order's members who paid (decision 0049); 0 for one customer's order. */
  group_members: number;
  /** What promotions took off the line, what the shop funds of them, and the order's whole discount (decision 0051). */
  discount_kobo: number;
  shop_funded_kobo: number;
  order_discount_kobo: number;
}

/** How many orders (not wholly cancelled) travel in the order's batch; 1 when none. */
const BATCH_SIZE = sql`coalesce((SELECT count(*)::int FROM orders b WHERE b.batch_id = o.batch_id
  AND EXISTS (SELECT 1 FROM order_items bi WHERE bi.order_id = b.id AND bi.status <> 'Order Cancelled')), 1) AS batch_size,
  (SELECT count(DISTINCT gi.payer_id)::int FROM order_items gi WHERE gi.order_id = o.id) AS group_members`;

/**
 * Orders past the payment page, newest first, at most 300, with their items' statuses. `match`:
 * the id matches the ILIKE pattern or the order is one of these customers'.
 */
export async function adminOrders(
  ex: Executor,
  f: { match?: { pattern: string; userIds: string[] }; from?: string; to?: string },
): Promise<AdminOrderRecord[]> {
  return queryRows<AdminOrderRecord>(
    ex,
    sql`
    SELECT o.id, o.created_at, o.paid_at, o.payment_state, o.amount_kobo, o.user_id, o.rider_id, o.locked_at, o.deliver_from,
           o.batch_save, ${BATCH_SIZE},
           coalesce((SELECT array_agg(i.status) FROM order_items i WHERE i.order_id = o.id), '{}') AS statuses
    FROM orders o
    WHERE o.payment_state <> 'awaiting'
      ${
        f.match
          ? sql`AND (o.id::text ILIKE ${f.match.pattern}
                 OR o.user_id IN (SELECT value::uuid FROM json_array_elements_text(${JSON.stringify(f.match.userIds)}::json)))`
          : sql``
      }
      ${f.from ? sql`AND o.created_at >= ${f.from}::date` : sql``}
      ${f.to ? sql`AND o.created_at < (${f.to}::date + 1)` : sql``}
    ORDER BY o.created_at DESC LIMIT 300`,
  );
}

/** The order's items as stored, in no particular order. */
export async function itemRowsOf(ex: Executor, orderId: string) {
  return ex.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

export async function cancelItems(ex: Executor, itemIds: string[], reason: string): Promise<void> {
  await ex
    .update(orderItems)
    .set({ status: 'Order Cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(inArray(orderItems.id, itemIds));
}

export interface VendorOrderRecord {
  order_id: string;
  created_at: Date;
  paid_at: Date | null;
  address: Record<string, unknown>;
  delivery_note: string;
  user_id: string;
  item_id: string;
  product_id: string;
  product_name: string;
  option_name: string;
  image: string | null;
  quantity: number;
  unit_price_kobo: number;
  status: string;
  cancel_reason: string | null;
  deliver_from: Date | null;
  prepare_at: Date | null;
  batch_save: boolean;
  batch_size: number;
  /** A group order's members who paid (decision 0049); 0 for one customer's order. */
  group_members: number;
  /** What promotions took off the line, what the shop funds of them, and the order's whole discount (decision 0051). */
  discount_kobo: number;
  shop_funded_kobo: number;
  order_discount_kobo: number;
}

const ACTIVE = sql`('Order Placed','Order Confirmed','Order Assigned','Order Picked')`;

/** Paid orders with this vendor's items, by scope (at most 200); one row per item of this vendor. */
export async function vendorOrderItems(
  ex: Executor,
  vendorId: string,
  scope: 'active' | 'today' | 'past',
  todayStart: Date,
): Promise<VendorOrderRecord[]> {
  const scopeSql =
    scope === 'active'
      ? sql`EXISTS (SELECT 1 FROM order_items a WHERE a.order_id = o.id AND a.vendor_id = ${vendorId} AND a.status IN ${ACTIVE})`
      : scope === 'today'
        ? sql`o.paid_at >= ${todayStart.toISOString()}::timestamptz`
        : sql`o.paid_at < ${todayStart.toISOString()}::timestamptz`;
  return queryRows<VendorOrderRecord>(
    ex,
    sql`
    WITH picked AS (
      SELECT o.id FROM orders o
      WHERE o.payment_state = 'paid'
        AND EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id AND x.vendor_id = ${vendorId})
        AND ${scopeSql}
      ORDER BY o.paid_at DESC NULLS LAST, o.id
      LIMIT 200)
    SELECT o.id AS order_id, o.created_at, o.paid_at, o.address, o.delivery_note, o.user_id, o.deliver_from, o.prepare_at,
           o.batch_save, ${BATCH_SIZE},
           i.id AS item_id, i.product_id, i.product_name, i.option_name, i.image, i.quantity, i.unit_price_kobo, i.status, i.cancel_reason,
           i.discount_kobo, i.shop_funded_kobo, o.items_discount_kobo + o.delivery_discount_kobo AS order_discount_kobo
    FROM picked p
    JOIN orders o ON o.id = p.id
    JOIN order_items i ON i.order_id = o.id AND i.vendor_id = ${vendorId}
    ORDER BY o.paid_at DESC NULLS LAST, o.id, i.id`,
  );
}

export async function hasVendorItems(ex: Executor, orderId: string, vendorId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.vendorId, vendorId)))
    .limit(1);
  return Boolean(row);
}

/** Options among `ids` that items of past orders point to. */
export async function optionsInOrders(ex: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await ex
    .selectDistinct({ id: orderItems.optionId })
    .from(orderItems)
    .where(inArray(orderItems.optionId, ids));
  return rows.map((r) => r.id);
}

/** This vendor's delivered items by order, last delivered first: when, the amount and how many. */
export async function heldVendorItemsKobo(ex: Executor, vendorId: string): Promise<number> {
  const [row] = await queryRows<{ kobo: number | null }>(
    ex,
    sql`
    SELECT sum(i.unit_price_kobo * i.quantity - i.shop_funded_kobo)::int AS kobo
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.vendor_id = ${vendorId} AND o.paid_at IS NOT NULL
      AND i.status NOT IN ('Order Delivered', 'Order Cancelled')`,
  );
  return Number(row?.kobo ?? 0);
}

export async function deliveredVendorItems(ex: Executor, vendorId: string) {
  return queryRows<{ order_id: string; at: Date; gross: number; funded: number; n: number }>(
    ex,
    sql`
    SELECT i.order_id, max(i.updated_at) AS at, sum(i.unit_price_kobo * i.quantity)::int AS gross,
      sum(i.shop_funded_kobo)::int AS funded, count(*)::int AS n
    FROM order_items i
    WHERE i.vendor_id = ${vendorId} AND i.status = 'Order Delivered'
    GROUP BY i.order_id ORDER BY max(i.updated_at) DESC`,
  );
}
