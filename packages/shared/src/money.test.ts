import { describe, expect, it } from 'vitest';
import { koboToNaira, nairaToKobo, percentOf } from './money.js';

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
