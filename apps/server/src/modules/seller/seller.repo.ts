import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { cartItems, wishListItems } from '../auth/auth.tables.js';
import { categories, productOptions, products, vendors } from '../catalogue/catalogue.tables.js';
import { orderItems } from '../orders/orders.tables.js';
import { places } from '../geocoding/geocoding.tables.js';

export type VendorRow = typeof vendors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

export async function findVendorByUser(
  ex: Executor,
  userId: string,
): Promise<(VendorRow & { placeId: string | null }) | undefined> {
  const [row] = await ex
    .select({ v: vendors, placeId: sql<string | null>`"vendors"."place_id"` })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  return row ? { ...row.v, placeId: row.placeId } : undefined;
}

export async function findPlace(ex: Executor, placeId: string) {
  const [row] = await ex.select().from(places).where(eq(places.placeId, placeId));
  return row;
}

export async function insertVendor(
  ex: Executor,
  values: typeof vendors.$inferInsert,
  placeId: string,
): Promise<VendorRow> {
  const [row] = await ex.insert(vendors).values(values).onConflictDoNothing({ target: vendors.userId }).returning();
  if (row) await ex.update(vendors).set({ placeId }).where(eq(vendors.id, row.id));
  return row!;
}

export async function updateVendor(
  ex: Executor,
  id: string,
  values: Partial<typeof vendors.$inferInsert>,
  placeId?: string,
): Promise<VendorRow> {
  const [row] = await ex.update(vendors).set(values).where(eq(vendors.id, id)).returning();
  if (placeId !== undefined) await ex.update(vendors).set({ placeId }).where(eq(vendors.id, id));
  return row!;
}

export async function categoryExists(ex: Executor, path: string): Promise<boolean> {
  const [row] = await ex.select({ path: categories.path }).from(categories).where(eq(categories.path, path));
  return Boolean(row);
}

export async function listVendorProducts(
  ex: Executor,
  vendorId: string,
  q?: string,
): Promise<{ product: ProductRow; options: OptionRow[] }[]> {
  const rows = await ex
    .select()
    .from(products)
    .where(
      and(
        eq(products.vendorId, vendorId),
        isNull(products.deletedAt),
        q ? ilike(products.name, `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`) : undefined,
      ),
    )
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(500);
  return attachOptions(ex, rows);
}

async function attachOptions(ex: Executor, rows: ProductRow[]) {
  if (!rows.length) return [];
  const opts = await ex
    .select()
    .from(productOptions)
    .where(
      inArray(
        productOptions.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  return rows.map((product) => ({ product, options: opts.filter((o) => o.productId === product.id) }));
}

/** A live product of this vendor, locked for the rest of the transaction. */
export async function findOwnProduct(ex: Executor, vendorId: string, productId: string, lock = false) {
  const q = ex
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.vendorId, vendorId), isNull(products.deletedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) return undefined;
  const [withOptions] = await attachOptions(ex, [row]);
  return withOptions;
}

export async function insertProduct(ex: Executor, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await ex.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(
  ex: Executor,
  id: string,
  values: Partial<typeof products.$inferInsert>,
): Promise<ProductRow> {
  const [row] = await ex
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

export async function insertOptions(ex: Executor, rows: (typeof productOptions.$inferInsert)[]): Promise<void> {
  if (rows.length) await ex.insert(productOptions).values(rows);
}

export async function updateOption(
  ex: Executor,
  id: string,
  values: Partial<typeof productOptions.$inferInsert>,
): Promise<void> {
  await ex.update(productOptions).set(values).where(eq(productOptions.id, id));
}

/** Options among `ids` that past orders point to (they cannot be deleted). */
export async function optionsInOrders(ex: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await ex
    .selectDistinct({ id: orderItems.optionId })
    .from(orderItems)
    .where(inArray(orderItems.optionId, ids));
  return rows.map((r) => r.id);
}

export async function deleteOptions(ex: Executor, ids: string[]): Promise<void> {
  if (ids.length) await ex.delete(productOptions).where(inArray(productOptions.id, ids));
}

/** Soft delete: hidden from the catalogue, kept for past orders; dropped from carts and wish lists. */
export async function softDeleteProduct(ex: Executor, id: string): Promise<void> {
  await ex
    .update(products)
    .set({ deletedAt: new Date(), inStock: false, updatedAt: new Date() })
    .where(eq(products.id, id));
  await ex.delete(cartItems).where(eq(cartItems.productId, id));
  await ex.delete(wishListItems).where(eq(wishListItems.productId, id));
}

export interface VendorOrderRow {
  order_id: string;
  created_at: Date;
  paid_at: Date | null;
  address: Record<string, unknown>;
  delivery_note: string;
  customer_name: string;
  item_id: string;
  product_id: string;
  product_name: string;
  option_name: string;
  image: string | null;
  quantity: number;
  unit_price_kobo: number;
  status: string;
  cancel_reason: string | null;
}

const ACTIVE = sql`('Order Placed','Order Confirmed','Order Assigned','Order Picked')`;

/** Paid orders with this vendor's items, by scope; one row per item of this vendor. */
export async function listVendorOrderItems(
  ex: Executor,
  vendorId: string,
  scope: 'active' | 'today' | 'past',
  todayStart: Date,
): Promise<VendorOrderRow[]> {
  const scopeSql =
    scope === 'active'
      ? sql`EXISTS (SELECT 1 FROM order_items a WHERE a.order_id = o.id AND a.vendor_id = ${vendorId} AND a.status IN ${ACTIVE})`
      : scope === 'today'
        ? sql`o.paid_at >= ${todayStart.toISOString()}::timestamptz`
        : sql`o.paid_at < ${todayStart.toISOString()}::timestamptz`;
  return queryRows<VendorOrderRow>(
    ex,
    sql`
    WITH picked AS (
      SELECT o.id FROM orders o
      WHERE o.payment_state = 'paid'
        AND EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id AND x.vendor_id = ${vendorId})
        AND ${scopeSql}
      ORDER BY o.paid_at DESC NULLS LAST, o.id
      LIMIT 200)
    SELECT o.id AS order_id, o.created_at, o.paid_at, o.address, o.delivery_note, u.name AS customer_name,
           i.id AS item_id, i.product_id, i.product_name, i.option_name, i.image, i.quantity, i.unit_price_kobo, i.status, i.cancel_reason
    FROM picked p
    JOIN orders o ON o.id = p.id
    JOIN users u ON u.id = o.user_id
    JOIN order_items i ON i.order_id = o.id AND i.vendor_id = ${vendorId}
    ORDER BY o.paid_at DESC NULLS LAST, o.id, i.id`,
  );
}

export async function findPaidOrder(ex: Executor, orderId: string, lock = false) {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    payment_state: string;
    amount_kobo: number;
    rider_id: string | null;
  }>(
    ex,
    sql`
    SELECT id, user_id, payment_state, amount_kobo, rider_id FROM orders WHERE id = ${orderId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0];
}

/** Statuses of every item of an order. */
export async function orderItemStatuses(
  ex: Executor,
  orderId: string,
): Promise<{ id: string; status: string; vendorId: string }[]> {
  return ex
    .select({ id: orderItems.id, status: orderItems.status, vendorId: orderItems.vendorId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}
