import {
  batchDeliveryFee,
  cartTotals,
  choosePromotions,
  formatNaira,
  isInServiceArea,
  isWithinDailyWindow,
  MAX_CART_QUANTITY,
  nairaToKobo,
  orderDeliveryFee,
  outsideDeliveryHoursMessage,
  prepareAt,
  QUANTITY_MESSAGE,
  slotWorks,
  unitPriceKobo,
  vendorOpenState,
  type AppliedPromotion,
  type CartTotals,
  type CheckoutInput,
  type OrderAddressDto,
} from '@jara/shared';
import type { Config } from '../../config.js';
import type { Executor } from '../../infra/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { findAddresses, OUTSIDE_AREA, type AddressRow } from '../addresses/index.js';
import type { PromotionReads } from '../promotions/index.js';
import {
  optionsOfProducts,
  productsForCheckout,
  type OptionRow,
  type ProductRow,
  type VendorRow,
} from '../catalogue/index.js';

const PRICE_CHANGED = 'price_changed';

/** One line of an order as checkout prices it. */
export interface QuotedLine {
  productId: string;
  optionId: string;
  vendorId: string;
  productName: string;
  optionName: string;
  image: string | null;
  unitPriceKobo: number;
  quantity: number;
  /** What an items promotion took off the line, and what of any promotion its shop funds (decision 0051). */
  discountKobo?: number;
  shopFundedKobo?: number;
}

export interface Quote {
  lines: QuotedLine[];
  /** What is charged: the service fee is on the items and delivery fee after promotions. */
  totals: CartTotals;
  /** The promotions applied (decision 0051) and what they took off the items and the delivery fee. */
  discount: { applied: AppliedPromotion[]; itemsKobo: number; deliveryKobo: number };
  address: OrderAddressDto;
  addressId: string;
  /** An order for later: its slot's start and when its shops start preparing (the longest of them). */
  slot: { deliverFrom: Date; prepareAt: Date } | null;
  /** "Batch & save" (decision 0048): `totals` hold the discounted fee; the tier fee is before it. */
  batchSave: boolean;
  tierFeeKobo: number;
}

/** The refusals of a slot (decision 0047). */
export const SLOT_MSG = {
  past: 'That delivery slot has passed. Please pick a later one.',
  unavailable: "Your cart's shops cannot deliver in that slot. Please pick another from the list.",
  full: 'That delivery slot is full. Please pick another.',
} as const;

/** What the quotes of a batch of checkouts read (readForQuotes). */
export interface QuoteReads {
  addresses: Map<string, AddressRow>;
  products: Map<string, { product: ProductRow; vendor: VendorRow }>;
  options: Map<string, OptionRow[]>;
  /** Promotions and their shoppers (checkout reads them; a group order has none). */
  promotions?: PromotionReads;
}

/** What the quotes of these checkouts read, in three statements however many there are. */
export async function readForQuotes(ex: Executor, inputs: CheckoutInput[]): Promise<QuoteReads> {
  const productIds = [...new Set(inputs.flatMap((i) => i.items.map((item) => item.product)))];
  // One after another: statements of one transaction share its connection.
  const found = await productsForCheckout(ex, productIds);
  const options = await optionsOfProducts(ex, productIds);
  const addresses = await findAddresses(ex, [...new Set(inputs.map((i) => i.address))]);
  const byProduct = new Map<string, OptionRow[]>();
  for (const o of options) (byProduct.get(o.productId) ?? byProduct.set(o.productId, []).get(o.productId)!).push(o);
  return {
    addresses: new Map(addresses.map((a) => [a.id, a])),
    products: new Map(found.map((f) => [f.product.id, f])),
    options: byProduct,
  };
}

/**
 * Recomputes every line and fee of one checkout from the rows read for it (pure); refuses
 * anything that does not hold, by throwing.
 */
export function quoteFrom(config: Config, read: QuoteReads, userId: string, input: CheckoutInput, now: Date): Quote {
  const hours = config.deliveryHours;
  const slotFrom = input.slot ? new Date(input.slot) : null;
  if (slotFrom && slotFrom <= now) throw badRequest(SLOT_MSG.past, 'slot_past');
  // An order for later is judged against its slot, not the hour it is placed at.
  if (!slotFrom && !isWithinDailyWindow(hours, now))
    throw badRequest(outsideDeliveryHoursMessage(hours), 'outside_delivery_hours');
  const address = read.addresses.get(input.address);
  if (!address || address.userId !== userId) throw notFound('Address not found. Please select one of your addresses.');
  const point = { latitude: address.latitude, longitude: address.longitude };
  if (!isInServiceArea(point, config.campus.serviceArea)) throw badRequest(OUTSIDE_AREA, 'outside_service_area');

  const merged = new Map<string, QuotedLine>();
  for (const item of input.items) {
    const f = read.products.get(item.product);
    if (!f)
      throw badRequest(
        'A product in your cart is no longer available. Please remove it and try again.',
        'product_unavailable',
      );
    const { product, vendor } = f;
    if (item.vendorId !== undefined && item.vendorId !== product.vendorId) {
      throw badRequest(`${product.name} is not sold by that vendor.`, 'vendor_mismatch');
    }
    if (!product.inStock) throw badRequest(`${product.name} is out of stock.`, 'out_of_stock');
    const own = read.options.get(product.id) ?? [];
    const option = item.optionId === undefined ? own[0] : own.find((o) => o.id === item.optionId);
    if (!option) throw badRequest(`That option does not belong to ${product.name}.`, 'option_mismatch');
    const state = vendorOpenState(vendor.openingHours, vendor.isOpen, now);
    if (!slotFrom && !state.open) {
      const when = state.opensAt ? ` (${state.label.replace('Closed · ', '')})` : '';
      throw badRequest(
        `${vendor.businessName} is closed right now${when}. Please remove ${product.name} or try again when it opens.`,
        'vendor_closed',
      );
    }
    const unit = unitPriceKobo(option);
    if (item.price !== undefined && nairaToKobo(item.price) !== unit) {
      throw conflict(
        `The price of ${product.name} is ${formatNaira(unit)}, not ${formatNaira(nairaToKobo(item.price))}. Please review your cart.`,
        PRICE_CHANGED,
      );
    }
    const key = `${product.id}/${option.id}`;
    const prev = merged.get(key);
    const quantity = (prev?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_CART_QUANTITY) throw badRequest(QUANTITY_MESSAGE, 'bad_quantity');
    merged.set(key, {
      productId: product.id,
      optionId: option.id,
      vendorId: product.vendorId,
      productName: product.name,
      optionName: option.name,
      image: product.images[0] ?? null,
      unitPriceKobo: unit,
      quantity,
    });
  }
  const lines = [...merged.values()];
  const itemsKobo = lines.reduce((s, l) => s + l.unitPriceKobo * l.quantity, 0);
  const vendorLocations = [
    ...new Map(
      [...read.products.values()]
        .filter((f) => lines.some((l) => l.vendorId === f.vendor.id))
        .map((f) => [f.vendor.id, f.vendor]),
    ).values(),
  ];
  let slot: Quote['slot'] = null;
  if (slotFrom) {
    if (!slotWorks(slotFrom, now, hours, vendorLocations)) throw badRequest(SLOT_MSG.unavailable, 'slot_unavailable');
    const longest = Math.max(...vendorLocations.map((v) => v.preparationMinutes));
    slot = { deliverFrom: slotFrom, prepareAt: prepareAt(slotFrom, longest) };
  }
  const tierFeeKobo = orderDeliveryFee(
    point,
    vendorLocations.map((v) => ({ latitude: v.latitude, longitude: v.longitude })),
    config.feeTiers,
  );
  const batchSave = input.batch === true;
  const deliveryKobo = batchSave ? batchDeliveryFee(tierFeeKobo, config.batch.discountPercent) : tierFeeKobo;
  const discount = promotionsOf(read, userId, input.code, lines, deliveryKobo, now);
  const totals = cartTotals(itemsKobo - discount.itemsKobo, deliveryKobo - discount.deliveryKobo);
  if (!Number.isSafeInteger(totals.totalKobo) || totals.totalKobo > 100_000_000) {
    throw badRequest('This order is too large to pay in one go. Please split it.', 'order_too_large');
  }
  if (input.amount !== undefined && nairaToKobo(input.amount) !== totals.totalKobo) {
    throw conflict(
      `The total is now ${formatNaira(totals.totalKobo)}. Please review your cart and pay again.`,
      PRICE_CHANGED,
    );
  }
  const snapshot: OrderAddressDto = {
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email,
    address: address.address,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    country: address.country,
    phone: address.phone,
    latitude: address.latitude,
    longitude: address.longitude,
    placeId: address.placeId,
    placeName: address.placeName,
    block: address.block,
    floor: address.floor,
    room: address.room,
    landmark: address.landmark,
  };
  return { lines, totals, discount, address: snapshot, addressId: address.id, slot, batchSave, tierFeeKobo };
}

/**
 * The promotions of a cart (decision 0051): the typed code's, which must apply (its problem is
 * the answer), and the best automatic ones. Each line learns what fell on it.
 */
function promotionsOf(
  read: QuoteReads,
  userId: string,
  code: string | undefined,
  lines: QuotedLine[],
  deliveryKobo: number,
  now: Date,
): Quote['discount'] {
  const none = { applied: [], itemsKobo: 0, deliveryKobo: 0 };
  const shopper = read.promotions?.shoppers.get(userId);
  if (!read.promotions || !shopper) {
    if (code) throw badRequest('Offers cannot be used on this order.', 'promo_not_eligible');
    return none;
  }
  if (shopper.barred) {
    if (code) throw new AppError(403, 'promo_barred', 'This account cannot use offers. Please contact support.');
    return none;
  }
  const rule = code ? read.promotions.byCode.get(code) : null;
  if (code && !rule) throw badRequest(`There is no offer with the code ${code}. Please check it.`, 'promo_unknown');
  const promoLines = lines.map((l) => ({
    key: `${l.productId}/${l.optionId}`,
    productId: l.productId,
    vendorId: l.vendorId,
    category: read.products.get(l.productId)!.product.category,
    unitPriceKobo: l.unitPriceKobo,
    quantity: l.quantity,
  }));
  const unavailable = read.promotions.unavailable.get(userId);
  const { applied, problem } = choosePromotions(
    read.promotions.automatic.filter((r) => !unavailable?.has(r.id)),
    rule ?? null,
    promoLines,
    deliveryKobo,
    shopper,
    now,
  );
  if (problem) throw badRequest(problem.message, problem.code);
  for (const l of lines) {
    const key = `${l.productId}/${l.optionId}`;
    l.discountKobo = applied.filter((a) => a.target === 'items').reduce((s, a) => s + (a.byLine.get(key) ?? 0), 0);
    l.shopFundedKobo = applied
      .filter((a) => a.rule.fundedBy === 'vendor')
      .reduce((s, a) => s + (a.byLine.get(key) ?? 0), 0);
  }
  const off = (target: 'items' | 'delivery') =>
    applied.filter((a) => a.target === target).reduce((s, a) => s + a.amountKobo, 0);
  return { applied, itemsKobo: off('items'), deliveryKobo: off('delivery') };
}
