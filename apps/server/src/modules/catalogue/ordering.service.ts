/**
 * The catalogue as ordering reads it, through index.ts: the products, options and shops a
 * checkout prices (in the checkout's own transaction: the same statements as before), the
 * products past order lines name, and the shops a rider collects from. The SQL is in
 * ordering.repo.ts and catalogue.repo.ts.
 */
import type { ProductDto } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { productsOfLines as productsOfLinesRows } from './catalogue.repo.js';
import * as repo from './ordering.repo.js';

export type { OptionRow, ProductRow, VendorRow } from './ordering.repo.js';

/** Live products of approved vendors among the given ones, each with its vendor. */
export function productsForCheckout(
  ex: Executor,
  productIds: string[],
): Promise<{ product: repo.ProductRow; vendor: repo.VendorRow }[]> {
  return repo.liveProductsWithVendors(ex, productIds);
}

/** The options of the given products, in their order (position, then id). */
export function optionsOfProducts(ex: Executor, productIds: string[]): Promise<repo.OptionRow[]> {
  return repo.optionsOf(ex, productIds);
}

/** The approved shops among the given ones. */
export function approvedShops(ex: Executor, ids: string[]): Promise<repo.VendorRow[]> {
  return repo.approvedVendors(ex, ids);
}

/**
 * Locks the shops of orders for later being recorded and reads how many orders each takes per
 * slot: checkouts for the same shop are counted one after the other (decision 0047).
 */
export function lockSlotCapacities(ex: Executor, ids: string[]): Promise<Map<string, number>> {
  return repo.lockSlotCapacities(ex, [...new Set(ids)]);
}

/** Where to collect from the given shops: name, address, position and phone, by shop id. */
export async function pickupPlaces(
  ex: Executor,
  ids: readonly string[],
): Promise<
  Map<
    string,
    {
      businessName: string;
      address: string;
      latitude: number;
      longitude: number;
      phone: string;
      preparationMinutes: number;
    }
  >
> {
  const rows = await repo.vendorPlaces(ex, [...new Set(ids)]);
  return new Map(rows.map(({ id, ...place }) => [id, place]));
}

/**
 * The products order lines name, by id, withdrawn ones too (a past order still shows what was
 * bought); a withdrawn product, or one of a shop no longer approved, is out of stock.
 */
export function productsOfLines(ex: Executor, ids: readonly string[]): Promise<Map<string, ProductDto>> {
  return productsOfLinesRows(ex, ids);
}

/** What an order line was: a snapshot of the product when it was bought. */
export interface SoldLine {
  productId: string;
  productName: string;
  vendorId: string;
  /** The picture shown at checkout. */
  image: string | null;
}

/**
 * An order line's product in the spec's Product shape: the name it was sold under, the picture
 * shown at checkout first in `image` then the product's others, the rest from the catalogue.
 * A product the catalogue no longer has reads as out of stock, with no options to buy again.
 */
export function soldProduct(line: SoldLine, current: ProductDto | undefined): ProductDto {
  const image = [...new Set([line.image, ...(current?.image ?? [])])].filter((u): u is string => !!u);
  return {
    _id: line.productId,
    name: line.productName,
    category: current?.category ?? '',
    image,
    description: current?.description ?? [],
    vendorId: line.vendorId,
    inStock: current?.inStock ?? false,
    weight: current?.weight ?? null,
    options: current?.options ?? [],
  };
}
