import type { Executor } from '../../infra/db/client.js';
import { shopsByIds } from '../catalogue/index.js';
import * as repo from './orders.repo.js';

/** An order's item with the shop that sells it: its name and the account that runs it. */
export type ItemWithShop = repo.OrderItemRow & { vendorName: string; vendorUserId: string | null };

/**
 * The items of the given orders (by order, then product name), each with its shop's name and
 * owner from the catalogue: two reads, the items and then their shops.
 */
export async function itemsWithShops(ex: Executor, orderIds: string[]): Promise<ItemWithShop[]> {
  const items = await repo.itemsOf(ex, orderIds);
  if (!items.length) return [];
  const shops = await shopsByIds(
    ex,
    items.map((i) => i.vendorId),
  );
  return items.flatMap((i) => {
    const shop = shops.get(i.vendorId);
    return shop ? [{ ...i, vendorName: shop.businessName, vendorUserId: shop.userId }] : [];
  });
}
