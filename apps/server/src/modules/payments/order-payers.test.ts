import { describe, expect, it } from 'vitest';
import { leftToRefund, splitRefund } from './order-payers.js';

const pay = (id: string, userId: string, amountKobo: number, refundedKobo = 0) => ({
  id,
  userId,
  amountKobo,
  refundedKobo,
});

describe('splitRefund', () => {
  it('gives an ordinary order’s refund to its one payment', () => {
    expect(splitRefund([pay('p', 'u', 500_000)], 120_000)).toEqual([{ paymentId: 'p', amountKobo: 120_000 }]);
  });

  it('sends an item’s price to the member who paid for it', () => {
    const pays = [pay('a', 'ada', 300_000), pay('b', 'bola', 200_000)];
    expect(splitRefund(pays, 90_000, new Map([['bola', 90_000]]))).toEqual([{ paymentId: 'b', amountKobo: 90_000 }]);
  });

  it('shares the rest in proportion to what each has left, exact to the kobo', () => {
    const pays = [pay('a', 'ada', 100_001), pay('b', 'bola', 100_000, 50_000), pay('c', 'chi', 33_333)];
    const parts = splitRefund(pays, 100_001);
    expect(parts.reduce((s, p) => s + p.amountKobo, 0)).toBe(100_001);
    for (const p of parts) {
      const source = pays.find((x) => x.id === p.paymentId)!;
      expect(p.amountKobo).toBeLessThanOrEqual(source.amountKobo - source.refundedKobo);
    }
    // Everything left goes back whole: each gets exactly what it has left.
    expect(splitRefund(pays, leftToRefund(pays))).toEqual([
      { paymentId: 'a', amountKobo: 100_001 },
      { paymentId: 'b', amountKobo: 50_000 },
      { paymentId: 'c', amountKobo: 33_333 },
    ]);
  });

  it('takes a payer’s part beyond what they have left from the others', () => {
    const pays = [pay('a', 'ada', 10_000, 9_000), pay('b', 'bola', 50_000)];
    expect(splitRefund(pays, 5_000, new Map([['ada', 5_000]]))).toEqual([
      { paymentId: 'a', amountKobo: 1_000 },
      { paymentId: 'b', amountKobo: 4_000 },
    ]);
  });

  it('refuses more than is left, or not whole kobo above zero', () => {
    expect(() => splitRefund([pay('a', 'ada', 1_000, 500)], 501)).toThrow();
    expect(() => splitRefund([pay('a', 'ada', 1_000)], 0)).toThrow();
    expect(() => splitRefund([pay('a', 'ada', 1_000)], 1.5)).toThrow();
  });

  it('stays exact with amounts whose products pass 2^53', () => {
    const pays = [pay('a', 'ada', 99_999_999), pay('b', 'bola', 99_999_998), pay('c', 'chi', 1)];
    const parts = splitRefund(pays, 199_999_997);
    expect(parts.reduce((s, p) => s + p.amountKobo, 0)).toBe(199_999_997);
  });
});
