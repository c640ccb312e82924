import { and, asc, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { categories, productOptions, products, vendors } from './catalogue.tables.js';

export type VendorRow = typeof vendors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

export async function findVendorByUser(ex: Executor, userId: string): Promise<VendorRow | undefined> {
  const [row] = await ex.select().from(vendors).where(eq(vendors.userId, userId));
  return row;
}

/** The new application, or undefined when this user already has one. */
export async function insertVendor(ex: Executor, values: typeof vendors.$inferInsert): Promise<VendorRow | undefined> {
  const [row] = await ex.insert(vendors).values(values).onConflictDoNothing({ target: vendors.userId }).returning();
  return row;
}

export async function updateVendor(ex: Executor, id: string, values: Partial<typeof vendors.$inferInsert>) {
  await ex.update(vendors).set(values).where(eq(vendors.id, id));
}

export async function pendingVendors(ex: Executor): Promise<VendorRow[]> {
  return ex.select().from(vendors).where(eq(vendors.status, 'pending')).orderBy(asc(vendors.createdAt));
}

export async function lockVendor(ex: Executor, id: string): Promise<VendorRow | undefined> {
  const [row] = await ex.select().from(vendors).where(eq(vendors.id, id)).for('update');
  return row;
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

/** A live product of this vendor with its options, the product row locked when asked. */
export async function findVendorProduct(ex: Executor, vendorId: string, productId: string, lock = false) {
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
): Promise<void> {
  await ex
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id));
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

export async function deleteOptions(ex: Executor, ids: string[]): Promise<void> {
  if (ids.length) await ex.delete(productOptions).where(inArray(productOptions.id, ids));
}

/** Soft delete: hidden from the catalogue, kept for past orders. */
export async function softDeleteProduct(ex: Executor, id: string): Promise<void> {
  await ex
    .update(products)
    .set({ deletedAt: new Date(), inStock: false, updatedAt: new Date() })
    .where(eq(products.id, id));
}
