import {
  batchDeliveryFee,
  cartTotals,
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
  type CartTotals,
  type CheckoutInput,
  type OrderAddressDto,
} from '@jara/shared';
import type { Config } from '../../config.js';
import type { Executor } from '../../infra/db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findAddresses, OUTSIDE_AREA, type AddressRow } from '../addresses/index.js';
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
}

export interface Quote {
  lines: QuotedLine[];
  totals: CartTotals;
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
  const totals = cartTotals(itemsKobo, deliveryKobo);
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
  return { lines, totals, address: snapshot, addressId: address.id, slot, batchSave, tierFeeKobo };
}
