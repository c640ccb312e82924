import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isOpenAt, koboToNaira, type CategoryDto, type ProductDto, type VendorDto } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { categories, productOptions, products, vendors } from './catalogue.tables.js';

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

/** Live products of approved vendors, with their options, oldest first. Prices become naira. */
export async function listProducts(
  ex: Executor,
  filter: { vendorId?: string; ids?: string[] } = {},
): Promise<ProductDto[]> {
  return (await listProductsRanked(ex, filter)).map((r) => r.dto);
}

/** A product as the catalogue snapshot keeps it: its answer, and what its filters and sorts read. */
export interface RankedProduct {
  dto: ProductDto;
  /** Order of creation among the products read (equal for equal `created_at`; 1 = oldest). */
  created: number;
  /** The cheapest option's shown price (offer price when lower), in kobo; null without options. */
  minPriceKobo: number | null;
}

/** `listProducts` with what product-search orders by, read in the same statements. */
export async function listProductsRanked(
  ex: Executor,
  filter: { vendorId?: string; ids?: string[] } = {},
): Promise<RankedProduct[]> {
  const rows = await ex
    .select({ p: products, created: sql<number>`(dense_rank() over (order by ${products.createdAt}))::int` })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(
      and(
        isNull(products.deletedAt),
        eq(vendors.status, 'approved'),
        filter.vendorId ? eq(products.vendorId, filter.vendorId) : undefined,
        filter.ids ? inArray(products.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id));
  if (!rows.length) return [];
  const opts = await ex
    .select()
    .from(productOptions)
    .where(
      inArray(
        productOptions.productId,
        rows.map((r) => r.p.id),
      ),
    )
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  const byProduct = new Map<string, typeof opts>();
  for (const o of opts) (byProduct.get(o.productId) ?? byProduct.set(o.productId, []).get(o.productId)!).push(o);
  return rows.map(({ p, created }) => {
    const own = byProduct.get(p.id) ?? [];
    const shown = own.map((o) =>
      o.offerPriceKobo !== null && o.offerPriceKobo < o.priceKobo ? o.offerPriceKobo : o.priceKobo,
    );
    return {
      created: Number(created),
      minPriceKobo: shown.length ? Math.min(...shown) : null,
      dto: toProductDto(p, own),
    };
  });
}

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

/** A product row and its options (in their order) as the spec's Product; prices become naira. */
function toProductDto(p: ProductRow, own: OptionRow[]): ProductDto {
  return {
    _id: p.id,
    name: p.name,
    category: p.category,
    image: p.images,
    description: p.description,
    vendorId: p.vendorId,
    inStock: p.inStock,
    weight: p.weight,
    options: own.map((o) => ({
      _id: o.id,
      name: o.name,
      price: koboToNaira(o.priceKobo),
      offerPrice: o.offerPriceKobo === null ? null : koboToNaira(o.offerPriceKobo),
    })),
  };
}

/**
 * The products order lines name, by id, withdrawn ones too (a past order still shows what was
 * bought); a withdrawn product, or one of a shop no longer approved, is out of stock.
 */
export async function productsOfLines(ex: Executor, ids: readonly string[]): Promise<Map<string, ProductDto>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ex
    .select({ p: products, approved: sql<boolean>`${vendors.status} = 'approved'` })
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorId))
    .where(inArray(products.id, unique));
  const opts = await ex
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, unique))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  return new Map(
    rows.map(({ p, approved }) => {
      const dto = toProductDto(
        p,
        opts.filter((o) => o.productId === p.id),
      );
      return [p.id, { ...dto, inStock: dto.inStock && !p.deletedAt && approved === true }];
    }),
  );
}

export async function listVendors(ex: Executor): Promise<VendorRow[]> {
  return ex.select().from(vendors).where(eq(vendors.status, 'approved')).orderBy(asc(vendors.businessName));
}

/** The categories in their order, with the position product-search's popular sort reads. */
export async function listCategoryRows(ex: Executor): Promise<(CategoryDto & { position: number })[]> {
  const rows = await ex.select().from(categories).orderBy(asc(categories.position));
  return rows.map((c) => ({ text: c.text, path: c.path, image: c.image, bgColor: c.bgColor, position: c.position }));
}

/** Of the given options, those whose product still has a row, each with its product. */
export async function optionsWithProducts(
  ex: Executor,
  optionIds: readonly string[],
): Promise<{ optionId: string; productId: string }[]> {
  if (!optionIds.length) return [];
  return ex
    .select({ optionId: productOptions.id, productId: productOptions.productId })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(inArray(productOptions.id, [...optionIds]));
}

/** Of the given products, the ids that have a row (withdrawn ones included). */
export async function knownProductIds(ex: Executor, productIds: readonly string[]): Promise<string[]> {
  if (!productIds.length) return [];
  const rows = await ex
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return rows.map((r) => r.id);
}

/** The shops with these ids: their name and the account that runs them. */
export async function vendorsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<{ id: string; userId: string | null; businessName: string }[]> {
  if (!ids.length) return [];
  return ex
    .select({ id: vendors.id, userId: vendors.userId, businessName: vendors.businessName })
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(ids)]));
}
