/**
 * What a group's lines cost (decision 0049). While the group is open its page shows the
 * catalogue's prices now; when the host closes it, every member's lines are priced by checkout's
 * own quote (the same refusals: a shop closed, an item out of stock, outside delivery hours) and
 * fixed, with the delivery fee for the shops that have items, and each member's share.
 */
import { groupShares, orderDeliveryFee, unitPriceKobo, type GroupShare } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import { approvedShops, optionsOfProducts, productsForCheckout } from '../catalogue/index.js';
import { quoteFrom, readForQuotes } from '../orders/index.js';
import type { GroupRow, ItemRow, MemberRow } from './groups.repo.js';

/** A line's name and price: the catalogue's now, or fixed at closing. */
export interface PricedLine {
  name: string;
  optionName: string;
  image: string | null;
  unitPriceKobo: number;
}

const point = (address: Record<string, unknown>) => ({
  latitude: Number(address.latitude),
  longitude: Number(address.longitude),
});

/** The catalogue's names and prices of these lines now (a line whose product is gone has none). */
export async function catalogueLines(ex: Executor, items: readonly ItemRow[]): Promise<Map<string, PricedLine>> {
  const productIds = [...new Set(items.map((i) => i.productId))];
  const [products, options] = await Promise.all([
    productsForCheckout(ex, productIds),
    optionsOfProducts(ex, productIds),
  ]);
  const product = new Map(products.map((p) => [p.product.id, p.product]));
  const option = new Map(options.map((o) => [o.id, o]));
  const out = new Map<string, PricedLine>();
  for (const i of items) {
    const p = product.get(i.productId);
    const o = option.get(i.optionId);
    if (p && o)
      out.set(i.id, { name: p.name, optionName: o.name, image: p.images[0] ?? null, unitPriceKobo: unitPriceKobo(o) });
  }
  return out;
}

/** The delivery fee of a group for the shops among `vendorIds` that have items, to its address. */
export async function groupDeliveryFee(
  ctx: AppContext,
  ex: Executor,
  group: Pick<GroupRow, 'address'>,
  vendorIds: readonly string[],
): Promise<number> {
  if (!vendorIds.length) return 0;
  const shops = await approvedShops(ex, [...new Set(vendorIds)]);
  return orderDeliveryFee(
    point(group.address),
    shops.map((v) => ({ latitude: v.latitude, longitude: v.longitude })),
    ctx.config.feeTiers,
  );
}

/** Each member's share of the group as it stands (members with no priced items have none). */
export function sharesOf(
  group: Pick<GroupRow, 'hostId'>,
  members: readonly MemberRow[],
  items: readonly ItemRow[],
  price: ReadonlyMap<string, PricedLine>,
  deliveryFeeKobo: number,
): GroupShare[] {
  return groupShares(
    deliveryFeeKobo,
    members.map((m) => ({
      memberId: m.id,
      isHost: m.userId === group.hostId,
      itemsKobo: items
        .filter((i) => i.memberId === m.id)
        .reduce((s, i) => s + (price.get(i.id)?.unitPriceKobo ?? 0) * i.quantity, 0),
    })),
  );
}

/**
 * Prices every member's lines for closing, as checkout would price them to the group's address at
 * `now` (throwing checkout's refusal for the first line that does not hold), and the delivery fee.
 */
export async function priceForClosing(
  ctx: AppContext,
  ex: Executor,
  group: GroupRow,
  members: readonly MemberRow[],
  items: readonly ItemRow[],
  now: Date,
): Promise<{ lines: Map<string, PricedLine>; deliveryFeeKobo: number; address: Record<string, unknown> }> {
  const withItems = members.filter((m) => items.some((i) => i.memberId === m.id));
  const inputs = withItems.map((m) => ({
    address: group.addressId,
    items: items
      .filter((i) => i.memberId === m.id)
      .map((i) => ({ product: i.productId, optionId: i.optionId, quantity: i.quantity })),
  }));
  const read = await readForQuotes(ex, inputs);
  const lines = new Map<string, PricedLine>();
  let address: Record<string, unknown> = group.address;
  for (const [k, m] of withItems.entries()) {
    // The host's address: the quote checks it is theirs, still there and inside the service area.
    const quote = quoteFrom(ctx.config, read, group.hostId, inputs[k]!, now);
    address = { ...quote.address };
    for (const i of items.filter((x) => x.memberId === m.id)) {
      const l = quote.lines.find((q) => q.productId === i.productId && q.optionId === i.optionId)!;
      lines.set(i.id, {
        name: l.productName,
        optionName: l.optionName,
        image: l.image,
        unitPriceKobo: l.unitPriceKobo,
      });
    }
  }
  const vendorIds = [...new Set(items.map((i) => i.vendorId))];
  const deliveryFeeKobo = await groupDeliveryFee(ctx, ex, { address }, vendorIds);
  return { lines, deliveryFeeKobo, address };
}
