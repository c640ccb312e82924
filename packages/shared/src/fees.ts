import { haversineKm, type LatLon } from './geo.js';
import type { Kobo } from './money.js';

/** A distance tier: fees apply to distances strictly below `underKm` (null = everything else). */
export interface FeeTier {
  underKm: number | null;
  feeKobo: Kobo;
}

/** DESIGN §2: under 0.6 km ₦500 … 7 km or more ₦1,800. */
export const DEFAULT_FEE_TIERS: readonly FeeTier[] = [
  { underKm: 0.6, feeKobo: 50_000 },
  { underKm: 1, feeKobo: 60_000 },
  { underKm: 3, feeKobo: 75_000 },
  { underKm: 4, feeKobo: 90_000 },
  { underKm: 5, feeKobo: 100_000 },
  { underKm: 6, feeKobo: 120_000 },
  { underKm: 7, feeKobo: 150_000 },
  { underKm: null, feeKobo: 180_000 },
];

/**
 * Reads a tier table written as `0.6:500,1:600,…,*:1800` (km below which : naira). The last
 * tier must be `*`; distances must increase. Throws RangeError with the reason otherwise.
 */
export function parseFeeTiers(text: string): FeeTier[] {
  const tiers = text.split(',').map((part) => {
    const [km, naira] = part.trim().split(':');
    const fee = Number(naira);
    if (!km || !Number.isFinite(fee) || fee < 0 || !Number.isInteger(fee * 100))
      throw new RangeError(`bad tier "${part.trim()}"`);
    const underKm = km.trim() === '*' ? null : Number(km);
    if (underKm !== null && !(underKm > 0)) throw new RangeError(`bad distance in "${part.trim()}"`);
    return { underKm, feeKobo: Math.round(fee * 100) };
  });
  if (tiers.at(-1)?.underKm !== null || tiers.slice(0, -1).some((t) => t.underKm === null))
    throw new RangeError('only the last tier may be "*", and it must be there');
  for (let i = 1; i < tiers.length - 1; i++)
    if (tiers[i]!.underKm! <= tiers[i - 1]!.underKm!) throw new RangeError('distances must increase');
  return tiers;
}

/** The fee of the first tier a distance is strictly below (the last tier for the rest). */
function deliveryFeeForDistance(km: number, tiers: readonly FeeTier[] = DEFAULT_FEE_TIERS): Kobo {
  if (!Number.isFinite(km) || km < 0) throw new RangeError('distance must be a non-negative number');
  for (const tier of tiers) {
    if (tier.underKm === null || km < tier.underKm) return tier.feeKobo;
  }
  const last = tiers[tiers.length - 1];
  if (!last) throw new RangeError('no fee tiers configured');
  return last.feeKobo;
}

export function deliveryFeeBetween(a: LatLon, b: LatLon, tiers?: readonly FeeTier[]): Kobo {
  return deliveryFeeForDistance(haversineKm(a, b), tiers);
}

/** Rounds kobo up to the next ₦10 (1,000 kobo). */
function roundUpToTenNaira(kobo: Kobo): Kobo {
  return Math.ceil(kobo / 1000) * 1000;
}

const LOCAL_CARD_FEE_STEP: Kobo = 250_000; // ₦2,500
const LOCAL_CARD_FEE_EXTRA: Kobo = 10_000; // ₦100
const LOCAL_CARD_FEE_CAP: Kobo = 200_000; // ₦2,000

/**
 * Paystack's published fee on a local payment of x: 1.5 % of x, plus ₦100 from ₦2,500 up (waived
 * under it), capped at ₦2,000; the 1.5 % rounded up to the kobo. Integer arithmetic only, so it is
 * exact for any kobo. What the sandbox and the tests' local Paystack keep of a charge.
 */
export function paystackFeeKobo(amountKobo: Kobo): Kobo {
  if (!Number.isInteger(amountKobo) || amountKobo < 0) throw new RangeError('amount must be whole kobo');
  // ceil(3x / 200) kobo for 1.5 %.
  const pct = Math.ceil((3 * amountKobo) / 200);
  return Math.min(pct + (amountKobo < LOCAL_CARD_FEE_STEP ? 0 : LOCAL_CARD_FEE_EXTRA), LOCAL_CARD_FEE_CAP);
}

/**
 * Service fee of a base amount x: Paystack's fee on x (1.5 % of x under ₦2,500, else 1.5 % +
 * ₦100; capped at ₦2,000), rounded up to the next ₦10.
 */
function serviceFee(baseKobo: Kobo): Kobo {
  if (!Number.isInteger(baseKobo) || baseKobo < 0) throw new RangeError('base must be whole kobo');
  return roundUpToTenNaira(paystackFeeKobo(baseKobo));
}

export interface CartTotals {
  itemsKobo: Kobo;
  deliveryFeeKobo: Kobo;
  serviceFeeKobo: Kobo;
  totalKobo: Kobo;
}

export function cartTotals(itemsKobo: Kobo, deliveryFeeKobo: Kobo): CartTotals {
  const base = itemsKobo + deliveryFeeKobo;
  const serviceFeeKobo = serviceFee(base);
  return { itemsKobo, deliveryFeeKobo, serviceFeeKobo, totalKobo: base + serviceFeeKobo };
}

const EXPRESS_MULTIPLIER = 1.5;

export interface DispatchTotals {
  deliveryFeeKobo: Kobo;
  serviceFeeKobo: Kobo;
  totalKobo: Kobo;
}

/** Express multiplies the distance fee by 1.5 (rounded up to the next ₦10) before the service fee. */
export function dispatchTotals(baseDeliveryFeeKobo: Kobo, isExpress: boolean): DispatchTotals {
  const deliveryFeeKobo = isExpress
    ? roundUpToTenNaira(Math.ceil(baseDeliveryFeeKobo * EXPRESS_MULTIPLIER))
    : baseDeliveryFeeKobo;
  const serviceFeeKobo = serviceFee(deliveryFeeKobo);
  return { deliveryFeeKobo, serviceFeeKobo, totalKobo: deliveryFeeKobo + serviceFeeKobo };
}

/** Item price: the option's offer price when set and lower than its price. */
export function unitPriceKobo(option: { priceKobo: Kobo; offerPriceKobo: Kobo | null }): Kobo {
  return option.offerPriceKobo !== null && option.offerPriceKobo < option.priceKobo
    ? option.offerPriceKobo
    : option.priceKobo;
}

/** Order delivery fee: one fee per distinct vendor, from the vendor to the address, summed. */
export function orderDeliveryFee(
  destination: LatLon,
  vendorLocations: readonly LatLon[],
  tiers?: readonly FeeTier[],
): Kobo {
  return vendorLocations.reduce((sum, v) => sum + deliveryFeeBetween(v, destination, tiers), 0);
}

/** The lowest and highest fee of one trip in a tier table (the first and the last tier). */
export function deliveryFeeRange(tiers: readonly FeeTier[] = DEFAULT_FEE_TIERS): { minKobo: Kobo; maxKobo: Kobo } {
  if (!tiers.length) throw new RangeError('no fee tiers configured');
  const fees = tiers.map((t) => t.feeKobo);
  return { minKobo: Math.min(...fees), maxKobo: Math.max(...fees) };
}

export interface CartEstimate {
  /** What the delivery fee can be for this many vendors: one trip's range per vendor. */
  deliveryMinKobo: Kobo;
  deliveryMaxKobo: Kobo;
  /** The least the service fee and the total can be (the service fee never falls as its base grows). */
  serviceFeeFromKobo: Kobo;
  totalFromKobo: Kobo;
}

/**
 * The cart before its delivery fee is known: the fee's range, and the lowest service fee and
 * total it can lead to, so nothing shown then is later undercut or looks final.
 */
export function cartEstimate(
  itemsKobo: Kobo,
  vendorCount: number,
  tripRange: { minKobo: Kobo; maxKobo: Kobo },
): CartEstimate {
  const n = Math.max(0, Math.trunc(vendorCount));
  const lowest = cartTotals(itemsKobo, tripRange.minKobo * n);
  return {
    deliveryMinKobo: tripRange.minKobo * n,
    deliveryMaxKobo: tripRange.maxKobo * n,
    serviceFeeFromKobo: lowest.serviceFeeKobo,
    totalFromKobo: lowest.totalKobo,
  };
}
