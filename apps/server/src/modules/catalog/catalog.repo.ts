import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isOpenAt, type CategoryDto, type ProductDto, type VendorDto } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { categories, productOptions, products, vendors } from '../../infra/db/schema.js';

export type VendorRow = typeof vendors.$inferSelect;

export function toVendorDto(v: VendorRow, now = new Date()): VendorDto {
  return {
    _id: v.id,
    businessName: v.businessName,
    profilePhoto: v.profilePhoto,
    kind: v.kind,
    address: v.address,
    latitude: v.latitude,
    longitude: v.longitude,
    openingHours: v.openingHours,
    isOpen: v.isOpen && isOpenAt(v.openingHours, now),
    acceptingOrders: v.isOpen,
  };
}

/** Live products of approved vendors, with their options, newest first. Prices become naira. */
export async function listProducts(ex: Executor, filter: { vendorId?: string; ids?: string[] } = {}): Promise<ProductDto[]> {
  const rows = await ex
    .select({ p: products })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(
      isNull(products.deletedAt),
      eq(vendors.status, 'approved'),
      filter.vendorId ? eq(products.vendorId, filter.vendorId) : undefined,
      filter.ids ? inArray(products.id, filter.ids) : undefined,
    ))
    .orderBy(asc(products.createdAt), asc(products.id));
  if (!rows.length) return [];
  const opts = await ex
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, rows.map((r) => r.p.id)))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  const byProduct = new Map<string, typeof opts>();
  for (const o of opts) (byProduct.get(o.productId) ?? byProduct.set(o.productId, []).get(o.productId)!).push(o);
  return rows.map(({ p }) => ({
    _id: p.id,
    name: p.name,
    category: p.category,
    image: p.images,
    description: p.description,
    vendorId: p.vendorId,
    inStock: p.inStock,
    weight: p.weight,
    options: (byProduct.get(p.id) ?? []).map((o) => ({
      _id: o.id,
      name: o.name,
      price: o.priceKobo / 100,
      offerPrice: o.offerPriceKobo === null ? null : o.offerPriceKobo / 100,
    })),
  }));
}

export async function listVendors(ex: Executor): Promise<VendorRow[]> {
  return ex.select().from(vendors).where(eq(vendors.status, 'approved')).orderBy(asc(vendors.businessName));
}

export async function findVendor(ex: Executor, id: string): Promise<VendorRow | undefined> {
  const [v] = await ex.select().from(vendors).where(and(eq(vendors.id, id), eq(vendors.status, 'approved')));
  return v;
}

export async function listCategories(ex: Executor): Promise<CategoryDto[]> {
  const rows = await ex.select().from(categories).orderBy(asc(categories.position));
  return rows.map((c) => ({ text: c.text, path: c.path, image: c.image, bgColor: c.bgColor }));
}
