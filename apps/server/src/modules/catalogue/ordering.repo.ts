import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { productOptions, products, vendors } from './catalogue.tables.js';

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;

/** Live products of approved vendors, with their vendor. */
export async function liveProductsWithVendors(
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

/** The options of the given products, in their order. */
export async function optionsOf(ex: Executor, productIds: string[]): Promise<OptionRow[]> {
  if (!productIds.length) return [];
  return ex
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, productIds))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
}

export async function approvedVendors(ex: Executor, ids: string[]): Promise<VendorRow[]> {
  if (!ids.length) return [];
  return ex
    .select()
    .from(vendors)
    .where(and(inArray(vendors.id, ids), eq(vendors.status, 'approved')));
}

/** Locks the given shops (in id order, so two checkouts never wait on each other) and reads each one's slot capacity. */
export async function lockSlotCapacities(ex: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: vendors.id, slotCapacity: vendors.slotCapacity })
    .from(vendors)
    .where(inArray(vendors.id, ids))
    .orderBy(vendors.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r.slotCapacity]));
}

/** Where the given shops are and how to reach them, whatever their status. */
export async function vendorPlaces(
  ex: Executor,
  ids: string[],
): Promise<
  {
    id: string;
    businessName: string;
    address: string;
    latitude: number;
    longitude: number;
    phone: string;
    preparationMinutes: number;
  }[]
> {
  if (!ids.length) return [];
  return ex
    .select({
      id: vendors.id,
      businessName: vendors.businessName,
      address: vendors.address,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
      phone: vendors.phone,
      preparationMinutes: vendors.preparationMinutes,
    })
    .from(vendors)
    .where(inArray(vendors.id, ids));
}
