import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_TIERS,
  parseFeeTiers,
  cartEstimate,
  cartTotals,
  deliveryFeeBetween,
  deliveryFeeRange,
  dispatchTotals,
  orderDeliveryFee,
  paystackFeeKobo,
  unitPriceKobo,
} from './fees.js';
import { haversineKm, type LatLon } from './geo.js';
import { formatNaira } from './format.js';

const N = (naira: number) => naira * 100;

const EQUATOR: LatLon = { latitude: 0, longitude: 0 };
const bits = new BigInt64Array(1);
const float = new Float64Array(bits.buffer);
/** The double next to a positive `x`, above or below it. */
function nextDouble(x: number, by: 1n | -1n): number {
  float[0] = x;
  bits[0] = bits[0]! + by;
  return float[0]!;
}

/**
 * A point due north of EQUATOR at the shortest distance from it not under `km`, as the fees
 * measure it (haversineKm): `km` itself wherever a double allows, so a tier's edge is priced at
 * the edge.
 */
function kmNorth(km: number): LatLon {
  const at = (latitude: number): LatLon => ({ latitude, longitude: 0 });
  const distance = (latitude: number) => haversineKm(EQUATOR, at(latitude));
  let latitude = (km / 6371) * (180 / Math.PI);
  while (latitude > 0 && distance(nextDouble(latitude, -1n)) >= km) latitude = nextDouble(latitude, -1n);
  while (distance(latitude) < km) latitude = nextDouble(latitude, 1n);
  return at(latitude);
}

describe('delivery fee tiers', () => {
  it.each([
    [0, 500],
    [0.599, 500],
    [0.6, 600],
    [0.999, 600],
    [1, 750],
    [2.99, 750],
    [3, 900],
    [4, 1000],
    [5, 1200],
    [6, 1500],
    [6.999, 1500],
    [7, 1800],
    [40, 1800],
  ])('%s km costs ₦%s', (km, naira) => {
    expect(deliveryFeeBetween(EQUATOR, kmNorth(km))).toBe(N(naira));
  });

  it('refuses a distance that cannot be measured', () => {
    expect(() => deliveryFeeBetween(EQUATOR, { latitude: Number.NaN, longitude: 0 })).toThrow(RangeError);
    expect(() => deliveryFeeBetween(EQUATOR, { latitude: 0, longitude: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });

  it('sums one fee per vendor location', () => {
    const home = { latitude: 6.3998, longitude: 5.6099 };
    const near = { latitude: 6.4, longitude: 5.61 }; // ~0.03 km
    const far = { latitude: 6.45, longitude: 5.61 }; // ~5.6 km
    expect(orderDeliveryFee(home, [near, far])).toBe(N(500) + N(1200));
  });
});

describe('haversine', () => {
  it('measures one degree of latitude as about 111 km', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.19, 1);
  });
});

describe('service fee', () => {
  it.each([
    [0, 0],
    [1000, 20], // 15 → 20
    [2000, 30],
    [2499.99, 40], // 37.4999 → 40
    [2500, 140], // 37.5 + 100 = 137.5 → 140
    [10000, 250],
    [126000, 1990], // 1890 + 100
    [126667, 2000], // hits the cap
    [1_000_000, 2000],
  ])('on ₦%s is ₦%s', (base, fee) => {
    expect(cartTotals(Math.round(base * 100), 0).serviceFeeKobo).toBe(N(fee));
  });

  it('refuses fractional kobo', () => {
    expect(() => cartTotals(10.5, 0)).toThrow(RangeError);
  });
});

describe("Paystack's local fee", () => {
  it.each([
    [0, 0],
    [100, 1.5],
    [1000, 15],
    [2030, 30.45],
    [2499.99, 37.5], // 37.49985 rounded up to the kobo; no ₦100 under ₦2,500
    [2500, 137.5], // the ₦100 from ₦2,500
    [10000, 250],
    [126000, 1990],
    [126667, 2000], // 1900.005 + 100 hits the cap
    [1_000_000, 2000],
  ])('on ₦%s is ₦%s', (amount, fee) => {
    expect(paystackFeeKobo(Math.round(amount * 100))).toBe(Math.round(fee * 100));
  });

  it('is the service fee before its rounding up to ₦10, and refuses fractional or negative kobo', () => {
    for (const base of [1, 99_999, 249_999, 250_000, 1_234_567, 13_333_333]) {
      const fee = cartTotals(base, 0).serviceFeeKobo;
      expect(fee - paystackFeeKobo(base)).toBeGreaterThanOrEqual(0);
      expect(fee - paystackFeeKobo(base)).toBeLessThan(1000);
    }
    expect(() => paystackFeeKobo(10.5)).toThrow(RangeError);
    expect(() => paystackFeeKobo(-100)).toThrow(RangeError);
  });
});

describe('cart totals', () => {
  it('adds items, delivery and service fee', () => {
    expect(cartTotals(N(2000), N(500))).toEqual({
      itemsKobo: N(2000),
      deliveryFeeKobo: N(500),
      serviceFeeKobo: N(140),
      totalKobo: N(2640),
    });
  });
  it('shows zero delivery fee as zero (displayed Free)', () => {
    expect(cartTotals(N(1000), 0).totalKobo).toBe(N(1020));
  });
});

describe('dispatch totals', () => {
  it('standard: fee plus service fee', () => {
    expect(dispatchTotals(N(750), false)).toEqual({
      deliveryFeeKobo: N(750),
      serviceFeeKobo: N(20),
      totalKobo: N(770),
    });
  });
  it('express: 1.5 times the fee, rounded up to ₦10, before the service fee', () => {
    expect(dispatchTotals(N(750), true)).toEqual({
      deliveryFeeKobo: N(1130),
      serviceFeeKobo: N(20),
      totalKobo: N(1150),
    });
    expect(dispatchTotals(N(1800), true)).toEqual({
      deliveryFeeKobo: N(2700),
      serviceFeeKobo: N(150),
      totalKobo: N(2850),
    });
  });
});

describe('unit price', () => {
  it('uses a lower offer price', () => {
    expect(unitPriceKobo({ priceKobo: 1000, offerPriceKobo: 800 })).toBe(800);
    expect(unitPriceKobo({ priceKobo: 1000, offerPriceKobo: 1200 })).toBe(1000);
    expect(unitPriceKobo({ priceKobo: 1000, offerPriceKobo: null })).toBe(1000);
  });
});

describe('formatNaira', () => {
  it('formats naira with separators and kobo only when present', () => {
    expect(formatNaira(125_000)).toBe('₦1,250');
    expect(formatNaira(125_050)).toBe('₦1,250.50');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(123_456_789_00)).toBe('₦123,456,789');
  });
});

describe('fee tier configuration', () => {
  it('reads the default table written out', () => {
    expect(parseFeeTiers('0.6:500,1:600,3:750,4:900,5:1000,6:1200,7:1500,*:1800')).toEqual(DEFAULT_FEE_TIERS);
  });
  it.each(['', '1:500', '*:500,1:600', '2:500,1:600,*:700', '1:abc,*:5', '1:-5,*:5', '0:500,*:600'])(
    'refuses %j',
    (t) => {
      expect(() => parseFeeTiers(t)).toThrow(RangeError);
    },
  );
});

describe('the cart before its delivery fee is known', () => {
  it('ranges from the first to the last tier of the table', () => {
    expect(deliveryFeeRange()).toEqual({ minKobo: N(500), maxKobo: N(1800) });
    expect(deliveryFeeRange(parseFeeTiers('1:300,*:900'))).toEqual({ minKobo: N(300), maxKobo: N(900) });
  });

  it('gives one range per vendor, and the least service fee and total any address can lead to', () => {
    const range = deliveryFeeRange();
    // ₦2,650 of items: ₦140 on the items alone, but at least ₦150 once the cheapest trip is added.
    expect(cartTotals(N(2650), 0).serviceFeeKobo).toBe(N(140));
    expect(cartEstimate(N(2650), 1, range)).toEqual({
      deliveryMinKobo: N(500),
      deliveryMaxKobo: N(1800),
      serviceFeeFromKobo: N(150),
      totalFromKobo: N(3300),
    });
    expect(cartEstimate(N(2650), 2, range)).toMatchObject({ deliveryMinKobo: N(1000), deliveryMaxKobo: N(3600) });
  });

  it('never shows more than the fee turns out to be, at any distance', () => {
    const range = deliveryFeeRange();
    for (const items of [N(100), N(2000), N(2400), N(9350), N(140_000)])
      for (const km of [0, 0.7, 2, 6.5, 12]) {
        const est = cartEstimate(items, 1, range);
        const real = cartTotals(items, deliveryFeeBetween(EQUATOR, kmNorth(km)));
        expect(real.deliveryFeeKobo).toBeGreaterThanOrEqual(est.deliveryMinKobo);
        expect(real.deliveryFeeKobo).toBeLessThanOrEqual(est.deliveryMaxKobo);
        expect(real.serviceFeeKobo).toBeGreaterThanOrEqual(est.serviceFeeFromKobo);
        expect(real.totalKobo).toBeGreaterThanOrEqual(est.totalFromKobo);
      }
  });
});
