import { describe, expect, it } from 'vitest';
import { choosePromotions, normaliseCode, type PromoLine, type PromotionRule, type Shopper } from './promotions.js';

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 'p',
  title: 'Offer',
  code: null,
  kind: 'percent',
  percent: 10,
  capKobo: null,
  amountKobo: null,
  minSpendKobo: 0,
  firstOrder: false,
  studentsOnly: false,
  vendorIds: [],
  categories: [],
  productIds: [],
  days: [],
  fromMinute: null,
  toMinute: null,
  startsAt: null,
  endsAt: null,
  perPerson: null,
  fundedBy: 'platform',
  vendorId: null,
  active: true,
  ...over,
});
const line = (key: string, unitPriceKobo: number, quantity = 1, vendorId = 'v1'): PromoLine => ({
  key,
  productId: key,
  vendorId,
  category: 'food',
  unitPriceKobo,
  quantity,
});
const anyone: Shopper = { verified: true, verifiedStudent: false, firstOrder: true };
/** 2026-11-27 (a Friday) at a Lagos wall-clock time. */
const lagos = (hhmm: string, day = 27) => new Date(`2026-11-${day}T${hhmm}:00+01:00`);
const NOON = lagos('12:00');

/** The rule typed as a code: what it takes off, or why it does not apply. */
function typed(r: PromotionRule, lines: PromoLine[], feeKobo = 0, shopper = anyone, at = NOON) {
  const { applied, problem } = choosePromotions([], { ...r, code: 'CODE' }, lines, feeKobo, shopper, at);
  return { applied: applied[0], problem };
}
const applyPromotion = (r: PromotionRule, lines: PromoLine[], feeKobo: number) => typed(r, lines, feeKobo).applied!;
const promotionProblem = (r: PromotionRule, lines: PromoLine[], shopper: Shopper, at: Date) =>
  typed(r, lines, 0, shopper, at).problem;
const inPromotionHours = (r: PromotionRule, at: Date) => typed(r, [line('a', 1)], 0, anyone, at).problem === null;

describe('promotion rules', () => {
  it('normalises codes: letter case and spaces never matter', () => {
    expect(normaliseCode(' jollof 10 ')).toBe('JOLLOF10');
    expect(normaliseCode('Jol\tLof10')).toBe('JOLLOF10');
  });

  it('rounds a percentage down to the kobo and spreads it over the lines exactly', () => {
    const lines = [line('a', 33_333), line('b', 10_001, 3)];
    const a = applyPromotion(rule({ percent: 7 }), lines, 0);
    expect(a.amountKobo).toBe(Math.floor((63_336 * 7) / 100)); // 4,433.52 → 4,433
    expect([...a.byLine.values()].reduce((s, k) => s + k, 0)).toBe(a.amountKobo);
    expect(applyPromotion(rule({ percent: 50, capKobo: 1_000 }), lines, 0).amountKobo).toBe(1_000);
  });

  it('a fixed amount above the items it covers is refused, not capped', () => {
    expect(
      promotionProblem(rule({ kind: 'fixed', amountKobo: 80_000 }), [line('a', 50_000)], anyone, lagos('12:00')),
    ).toMatchObject({
      code: 'promo_above_price',
    });
  });

  it('free delivery takes the whole fee; a shop-funded one is borne by that shop’s lines only', () => {
    const lines = [line('a', 10_000, 1, 'v1'), line('b', 30_000, 1, 'v2')];
    const free = applyPromotion(rule({ kind: 'delivery', percent: 100 }), lines, 140_000);
    expect(free).toMatchObject({ target: 'delivery', amountKobo: 140_000 });
    expect(free.byLine.size).toBe(0);
    const shop = applyPromotion(
      rule({ kind: 'delivery', percent: 50, fundedBy: 'vendor', vendorId: 'v2' }),
      lines,
      140_000,
    );
    expect([...shop.byLine]).toEqual([['b', 70_000]]);
  });

  it('hours in Lagos time, across midnight belonging to the evening’s day', () => {
    const late = rule({ fromMinute: 20 * 60, toMinute: 2 * 60, days: [5] }); // Fridays 20:00–02:00
    expect(inPromotionHours(late, lagos('19:59'))).toBe(false);
    expect(inPromotionHours(late, lagos('20:00'))).toBe(true);
    expect(inPromotionHours(late, lagos('01:30', 28))).toBe(true); // Saturday small hours: Friday's night
    expect(inPromotionHours(late, lagos('01:30', 27))).toBe(false); // Friday small hours: Thursday's night
    expect(inPromotionHours(late, lagos('02:00', 28))).toBe(false);
  });

  it('takes the typed code’s place in its kind and the best automatic one in the other', () => {
    const lines = [line('a', 100_000)];
    const small = rule({ id: 'small', percent: 5 });
    const big = rule({ id: 'big', percent: 20 });
    const free = rule({ id: 'free', kind: 'delivery', percent: 100 });
    const typed = rule({ id: 'typed', code: 'TEN', percent: 10 });
    const auto = choosePromotions([small, big, free], null, lines, 50_000, anyone, lagos('12:00'));
    expect(auto.applied.map((a) => a.rule.id)).toEqual(['big', 'free']);
    const coded = choosePromotions([small, big, free], typed, lines, 50_000, anyone, lagos('12:00'));
    expect(coded.applied.map((a) => a.rule.id)).toEqual(['typed', 'free']);
  });

  it('asks for a verified account for per-person and first-order offers', () => {
    const unverified = { ...anyone, verified: false };
    expect(promotionProblem(rule({ perPerson: 1 }), [line('a', 1)], unverified, lagos('12:00'))?.code).toBe(
      'promo_verify',
    );
    expect(promotionProblem(rule({ firstOrder: true }), [line('a', 1)], unverified, lagos('12:00'))?.code).toBe(
      'promo_verify',
    );
    expect(promotionProblem(rule(), [line('a', 1)], unverified, lagos('12:00'))).toBeNull();
  });
});
