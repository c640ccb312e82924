import { sql } from 'drizzle-orm';
import { isOpenAt, nairaToKobo, vendorOpenState, type ProductDto, type ProductListQuery } from '@jara/shared';
import { queryRows, type Db } from '../../infra/db/client.js';
import { listProducts, type RankedProduct, type VendorRow } from './catalogue.repo.js';

/**
 * Threshold of the `%>` (word similarity) operator for product search: "jolof" finds "Jollof
 * Rice" (0.71) while a short word does not match every name that shares one trigram.
 */
const PRODUCT_WORD_SIMILARITY = 0.4;

interface Ranked {
  id: string;
  category: string;
  position: number;
  score: number;
  min_price_kobo: number | null;
  opening_hours: Record<string, { open: string; close: string } | null>;
  vendor_open: boolean;
}

/** Whether the query searches text: only that needs the database; the rest is answered from memory. */
export function isTextSearch(q: ProductListQuery): boolean {
  return !!q.q?.trim();
}

/**
 * The popular order of rows given oldest first (created_at, id): most units sold first, then one
 * product of each category in turn (the n-th best seller of every category before any category's
 * n+1-th), then the category's position, then the given order. A shop with no sales yet still
 * shows a mix, food included.
 */
function popularOrder<T extends { sold: number; category: string; position: number }>(rows: readonly T[]): T[] {
  const ranked = rows.map((row, i) => ({ row, i, rank: 0 }));
  // row_number() OVER (PARTITION BY category ORDER BY sold DESC, created_at, id)
  const bySales = [...ranked].sort((a, b) => b.row.sold - a.row.sold || a.i - b.i);
  const seen = new Map<string, number>();
  for (const r of bySales) {
    const n = (seen.get(r.row.category) ?? 0) + 1;
    seen.set(r.row.category, n);
    r.rank = n;
  }
  return ranked
    .sort((a, b) => b.row.sold - a.row.sold || a.rank - b.rank || a.row.position - b.row.position || a.i - b.i)
    .map((r) => r.row);
}

/** What `selectProducts` reads from the catalogue snapshot. */
export interface ProductSource {
  /** Live products of approved vendors, in `listProductsRanked`'s order (created_at, id). */
  products: readonly RankedProduct[];
  /** Category path → position; a product of a category not listed here is never found by a query. */
  categoryPosition: ReadonlyMap<string, number>;
  vendorById: ReadonlyMap<string, VendorRow>;
}

/** A product-list query without text: what `selectProducts` answers. */
export type ProductFilter = Omit<ProductListQuery, 'q'>;

/**
 * `searchProducts` without `q`, over the snapshot's products instead of the database: the same
 * products in the same order (product-search.test.ts compares the two on every filter and sort).
 * `sold` is the orders module's units sold per product, read only for the popular sort.
 */
export function selectProducts(
  from: ProductSource,
  query: ProductFilter,
  now: Date,
  sold: ReadonlyMap<string, number> | null,
): ProductDto[] {
  const minKobo = query.minPrice === undefined ? null : nairaToKobo(query.minPrice);
  const maxKobo = query.maxPrice === undefined ? null : nairaToKobo(query.maxPrice);
  // The SQL's joins and WHERE: a known category, then the filters.
  let rows: { p: RankedProduct; i: number; sold: number; position: number; category: string }[] = [];
  from.products.forEach((p, i) => {
    const position = from.categoryPosition.get(p.dto.category);
    if (position === undefined) return;
    if (query.category && p.dto.category !== query.category) return;
    if (query.inStock && !p.dto.inStock) return;
    if (minKobo !== null && (p.minPriceKobo === null || p.minPriceKobo < minKobo)) return;
    if (maxKobo !== null && (p.minPriceKobo === null || p.minPriceKobo > maxKobo)) return;
    rows.push({ p, i, sold: sold?.get(p.dto._id) ?? 0, position, category: p.dto.category });
  });
  type Row = (typeof rows)[number];
  // Ties fall to (created_at, id): the snapshot's own order, `i`.
  const byPrice = (dir: 1 | -1) => (a: Row, b: Row) => {
    const x = a.p.minPriceKobo;
    const y = b.p.minPriceKobo;
    if (x !== y) return x === null ? 1 : y === null ? -1 : (x - y) * dir;
    return a.i - b.i;
  };
  const sort = query.sort;
  if (sort === 'newest') rows.sort((a, b) => b.p.created - a.p.created || a.i - b.i);
  else if (sort === 'price-asc') rows.sort(byPrice(1));
  else if (sort === 'price-desc') rows.sort(byPrice(-1));
  else if (sort === 'popular') rows = popularOrder(rows);
  // 'relevance' without text scores every product 0: the default order.
  let picked = rows.map((r) => r.p.dto);
  if (query.open) {
    picked = picked.filter((p) => {
      const v = from.vendorById.get(p.vendorId);
      return !!v && v.isOpen && isOpenAt(v.openingHours, now);
    });
  }
  return query.limit ? picked.slice(0, query.limit) : picked;
}

/**
 * The product list for a search, filters and sort, in the spec's product shape. Kept apart from
 * the route so any source of products (database or a cached snapshot) can answer the same query.
 *
 * - `q`: trigram word similarity on the product's, its category's and its vendor's names, or a
 *   plain substring of the product name; best matches first under the default sort.
 * - prices compare with the cheapest option's shown price (offer price when lower), in naira.
 * - `open`: the vendor takes orders at `now` (its switch and its hours, Lagos time).
 * - `popular`: `sold`, the units sold in paid orders (cancelled items left out, the orders
 *   module's count), then one product of each category in turn (`popularOrder`), so a shop with
 *   no sales yet still shows a mix, food included.
 */
export async function searchProducts(
  db: Db,
  query: ProductListQuery,
  now: Date,
  sold: ReadonlyMap<string, number> | null,
): Promise<ProductDto[]> {
  const text = query.q?.trim().toLowerCase() ?? '';
  const like = '%' + text.replace(/[\\%_]/g, (m) => '\\' + m) + '%';
  const minKobo = query.minPrice === undefined ? null : nairaToKobo(query.minPrice);
  const maxKobo = query.maxPrice === undefined ? null : nairaToKobo(query.maxPrice);
  const sort = query.sort ?? (text ? 'relevance' : undefined);
  const order =
    sort === 'relevance'
      ? sql`score DESC, p.created_at, p.id`
      : sort === 'newest'
        ? sql`p.created_at DESC, p.id`
        : sort === 'price-asc'
          ? sql`min_price_kobo ASC NULLS LAST, p.created_at, p.id`
          : sort === 'price-desc'
            ? sql`min_price_kobo DESC NULLS LAST, p.created_at, p.id`
            : // popular: oldest first here, then popularOrder() over the units sold
              sql`p.created_at, p.id`;

  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PRODUCT_WORD_SIMILARITY)}, true)`,
    );
    return queryRows<Ranked>(
      tx,
      sql`
      WITH priced AS (
        SELECT product_id,
               min(CASE WHEN offer_price_kobo IS NOT NULL AND offer_price_kobo < price_kobo THEN offer_price_kobo ELSE price_kobo END) AS min_price_kobo
        FROM product_options GROUP BY product_id)
      SELECT * FROM (
        SELECT p.id, p.created_at, p.category, cat.position,
               ${text ? sql`greatest(word_similarity(${text}, lower(p.name)), word_similarity(${text}, lower(v.business_name)) * 0.8, word_similarity(${text}, lower(cat.text)) * 0.8, CASE WHEN lower(p.name) LIKE ${like} THEN 1 ELSE 0 END)` : sql`0`}::float AS score,
               pr.min_price_kobo, v.opening_hours, v.is_open AS vendor_open
        FROM products p
        JOIN vendors v ON v.id = p.vendor_id
        JOIN categories cat ON cat.path = p.category
        LEFT JOIN priced pr ON pr.product_id = p.id
        WHERE p.deleted_at IS NULL AND v.status = 'approved'
          ${query.category ? sql`AND p.category = ${query.category}` : sql``}
          ${query.inStock ? sql`AND p.in_stock` : sql``}
          ${minKobo !== null ? sql`AND pr.min_price_kobo >= ${minKobo}` : sql``}
          ${maxKobo !== null ? sql`AND pr.min_price_kobo <= ${maxKobo}` : sql``}
          ${text ? sql`AND (lower(p.name) %> ${text} OR lower(v.business_name) %> ${text} OR lower(cat.text) %> ${text} OR lower(p.name) LIKE ${like})` : sql``}
      ) p
      ORDER BY ${order}`,
    );
  });

  let picked: Ranked[] =
    sort === 'popular'
      ? popularOrder(rows.map((r) => ({ ...r, sold: sold?.get(r.id) ?? 0, position: Number(r.position) })))
      : rows;
  if (query.open) picked = picked.filter((r) => vendorOpenState(r.opening_hours, r.vendor_open, now).open);
  if (query.limit) picked = picked.slice(0, query.limit);
  if (!picked.length) return [];
  const byId = new Map((await listProducts(db, { ids: picked.map((r) => r.id) })).map((p) => [p._id, p]));
  return picked.map((r) => byId.get(r.id)).filter((p): p is ProductDto => !!p);
}
