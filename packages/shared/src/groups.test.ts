import { describe, expect, it } from 'vitest';
import { cartTotals } from './fees.js';
import { groupShares } from './groups.js';

const member = (memberId: string, itemsKobo: number, isHost = false) => ({ memberId, itemsKobo, isHost });

describe('groupShares', () => {
  it('divides the delivery fee by the members paying, the kobo left over to the host', () => {
    const shares = groupShares(75_001, [member('b', 150_000), member('host', 200_000, true), member('c', 90_000)]);
    expect(shares.map((s) => [s.memberId, s.deliveryShareKobo])).toEqual([
      ['b', 25_000],
      ['host', 25_001],
      ['c', 25_000],
    ]);
    expect(shares.reduce((s, x) => s + x.deliveryShareKobo, 0)).toBe(75_001);
  });

  it('charges each the service fee on their own items plus their part of the fee', () => {
    const [b, host] = groupShares(60_000, [member('b', 150_000), member('host', 400_000, true)]);
    expect(b).toEqual({ memberId: 'b', ...rename(cartTotals(150_000, 30_000)) });
    expect(host).toEqual({ memberId: 'host', ...rename(cartTotals(400_000, 30_000)) });
    for (const s of [b!, host!]) expect(s.totalKobo).toBe(s.itemsKobo + s.deliveryShareKobo + s.serviceFeeKobo);
  });

  it('leaves out members with nothing to pay for; the leftover goes to the first payer when the host has none', () => {
    const shares = groupShares(100_000, [
      member('host', 0, true),
      member('b', 10_000),
      member('c', 10_000),
      member('d', 10_000),
    ]);
    expect(shares.map((s) => s.memberId)).toEqual(['b', 'c', 'd']);
    expect(shares.map((s) => s.deliveryShareKobo)).toEqual([33_334, 33_333, 33_333]);
  });

  it('gives no shares when nobody has items, and refuses a fee that is not kobo', () => {
    expect(groupShares(60_000, [member('host', 0, true)])).toEqual([]);
    expect(() => groupShares(1.5, [member('host', 100, true)])).toThrow();
  });

  it('always adds up to the fee exactly, whatever the number of payers', () => {
    for (let n = 1; n <= 30; n++)
      for (const fee of [0, 1, 50_000, 75_000, 180_007]) {
        const shares = groupShares(
          fee,
          Array.from({ length: n }, (_, i) => member(String(i), 1_000 + i, i === n - 1)),
        );
        expect(shares.reduce((s, x) => s + x.deliveryShareKobo, 0)).toBe(fee);
        expect(
          Math.max(...shares.map((s) => s.deliveryShareKobo)) - Math.min(...shares.map((s) => s.deliveryShareKobo)),
        ).toBeLessThan(n);
      }
  });
});

function rename(t: ReturnType<typeof cartTotals>) {
  return {
    itemsKobo: t.itemsKobo,
    deliveryShareKobo: t.deliveryFeeKobo,
    serviceFeeKobo: t.serviceFeeKobo,
    totalKobo: t.totalKobo,
  };
}
