import { describe, expect, it } from 'vitest';
import { koboToNaira, nairaToKobo, percentOf, shopShareKobo } from './money.js';

describe('percentOf', () => {
  it('takes a share of kobo and rounds to whole kobo', () => {
    expect(percentOf(150_000, 80)).toBe(120_000);
    expect(percentOf(1_005, 10)).toBe(101);
    expect(percentOf(1_004, 10)).toBe(100);
    expect(percentOf(0, 15)).toBe(0);
  });
});

describe('naira and kobo', () => {
  it('converts both ways without drift', () => {
    expect(nairaToKobo(1_250.5)).toBe(125_050);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(125_050)).toBe(1_250.5);
  });
});

describe('shopShareKobo', () => {
  it('takes the shop’s own promotions off first, then the commission on the rest', () => {
    // ₦1,800 of items, ₦180 off funded by the shop, 10 %: ₦1,458 (not ₦1,620, nor ₦1,800 − ₦180 − ₦180).
    expect(shopShareKobo(180_000, 18_000, 10)).toBe(145_800);
    expect(shopShareKobo(180_000, 0, 10)).toBe(162_000);
    // A shop never owes more than its items are worth.
    expect(shopShareKobo(10_000, 12_000, 10)).toBe(0);
  });
});
