/**
 * Vendors and their products as the portals change them: the seller portal's shop profile and
 * products, the admin's review of shop applications. The SQL is in vendors.repo.ts; a write
 * bumps the catalogue's revision (migration 0011), so the public catalogue follows.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './vendors.repo.js';

/** A product with its options in their order, as the seller portal edits it. */
export type VendorProduct = { product: repo.ProductRow; options: repo.OptionRow[] };

/** The option fields a vendor sets. */
type OptionValues = { name: string; priceKobo: number; offerPriceKobo: number | null; position: number };

/** The product fields a vendor sets. */
type ProductValues = {
  category: string;
  name: string;
  description: string[];
  images: string[];
  weight: string | null;
  inStock: boolean;
};

/** The shop of this user, whatever its status (pending, approved, rejected). */
export function vendorOfUser(ex: Executor, userId: string) {
  return repo.findVendorByUser(ex, userId);
}

/** Files a shop application; undefined when this user already has one. */
export function openShopApplication(ex: Executor, values: Parameters<typeof repo.insertVendor>[1]) {
  return repo.insertVendor(ex, values);
}

/** Changes the shop's profile, its open flag or its application (status, reason). */
export function updateShop(ex: Executor, vendorId: string, values: Parameters<typeof repo.updateVendor>[2]) {
  return repo.updateVendor(ex, vendorId, values);
}

/** Shop applications waiting for an admin, oldest first. */
export function pendingShops(ex: Executor) {
  return repo.pendingVendors(ex);
}

/** A shop locked for the rest of the caller's transaction (an admin deciding on it). */
export function lockShop(ex: Executor, vendorId: string) {
  return repo.lockVendor(ex, vendorId);
}

export function isCategory(ex: Executor, path: string): Promise<boolean> {
  return repo.categoryExists(ex, path);
}

/** The vendor's live products, last changed first (at most 500), optionally by name. */
export function vendorProducts(ex: Executor, vendorId: string, q?: string): Promise<VendorProduct[]> {
  return repo.listVendorProducts(ex, vendorId, q);
}

/** One live product of this vendor; `lock` locks it for the rest of the caller's transaction. */
export function vendorProduct(
  ex: Executor,
  vendorId: string,
  productId: string,
  lock = false,
): Promise<VendorProduct | undefined> {
  return repo.findVendorProduct(ex, vendorId, productId, lock);
}

/** A new product and its options; returns its id. */
export async function addProduct(
  ex: Executor,
  vendorId: string,
  values: ProductValues,
  options: OptionValues[],
): Promise<string> {
  const p = await repo.insertProduct(ex, { ...values, vendorId });
  await repo.insertOptions(
    ex,
    options.map((o) => ({ ...o, productId: p.id })),
  );
  return p.id;
}

/**
 * Saves a product's new fields and options: `removed` options go, `kept` ones (by id) are
 * changed, `added` ones are new. The caller has checked the options belong to the product.
 */
export async function editProduct(
  ex: Executor,
  productId: string,
  values: ProductValues,
  options: { removed: string[]; kept: (OptionValues & { id: string })[]; added: OptionValues[] },
): Promise<void> {
  await repo.deleteOptions(ex, options.removed);
  for (const { id, ...o } of options.kept) await repo.updateOption(ex, id, o);
  await repo.insertOptions(
    ex,
    options.added.map((o) => ({ ...o, productId })),
  );
  await repo.updateProduct(ex, productId, values);
}

export function setProductInStock(ex: Executor, productId: string, inStock: boolean): Promise<void> {
  return repo.updateProduct(ex, productId, { inStock });
}

/** Takes the product off the catalogue, keeping its row for past orders. */
export function retireProduct(ex: Executor, productId: string): Promise<void> {
  return repo.softDeleteProduct(ex, productId);
}
