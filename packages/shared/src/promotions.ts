/**
 * Promotions (decision 0051), pure: whether one applies to a cart and what it takes off, in kobo.
 * The server prices every discount with these rules; the web uses them only to label products.
 */
import type { ErrorCodeWithStatus } from './error-codes.js';
import { formatNaira } from './format.js';
import type { Kobo } from './money.js';
import { hhmmOf, lagosClock } from './opening.js';

export const PROMOTION_KINDS = ['percent', 'fixed', 'delivery'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export type PromotionFunder = 'platform' | 'vendor';

/** A promotion as the rules read it. Times of day are Lagos minutes; `toMinute` ≤ `fromMinute` runs past midnight. */
export interface PromotionRule {
  id: string;
  title: string;
  /** Normalised (normaliseCode); null: automatic. */
  code: string | null;
  kind: PromotionKind;
  /** percent: of the items it applies to; delivery: of the delivery fee (100 = free). */
  percent: number | null;
  /** percent: the most it takes off. */
  capKobo: Kobo | null;
  /** fixed: what it takes off (never more than the items it applies to). */
  amountKobo: Kobo | null;
  minSpendKobo: Kobo;
  firstOrder: boolean;
  studentsOnly: boolean;
  vendorIds: string[];
  categories: string[];
  productIds: string[];
  /** Weekdays (0 = Sunday); empty: every day. */
  days: number[];
  fromMinute: number | null;
  toMinute: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses one person may make; null: no limit. */
  perPerson: number | null;
  fundedBy: PromotionFunder;
  /** The shop that funds it (fundedBy vendor). */
  vendorId: string | null;
  active: boolean;
}

/** A line of a cart as promotions see it. */
export interface PromoLine {
  key: string;
  productId: string;
  vendorId: string;
  category: string;
  unitPriceKobo: Kobo;
  quantity: number;
}

/** Who is checking out, as far as promotions ask. */
export interface Shopper {
  /** A verified email (and, where the operator asks for it, a verified phone). */
  verified: boolean;
  verifiedStudent: boolean;
  /** No order of theirs has been paid and kept, and no first-order offer is held for them. */
  firstOrder: boolean;
}

/** A promotion applied to a cart: what it takes off the items (by line) or the delivery fee. */
export interface AppliedPromotion {
  rule: PromotionRule;
  target: 'items' | 'delivery';
  amountKobo: Kobo;
  /**
   * Per line key, what of the discount falls on that line: items promotions take it off the
   * line's price; a shop-funded delivery promotion is borne by the shop's lines.
   */
  byLine: Map<string, Kobo>;
}

export interface PromotionProblem {
  code: ErrorCodeWithStatus<400>;
  message: string;
}

/** "jollof 10 " → "JOLLOF10": codes match without letter case or spaces. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;

/** The lines a promotion's product, shop and category conditions take in. */
function eligibleLines(rule: PromotionRule, lines: PromoLine[]): PromoLine[] {
  return lines.filter(
    (l) =>
      (!rule.vendorIds.length || rule.vendorIds.includes(l.vendorId)) &&
      (!rule.productIds.length || rule.productIds.includes(l.productId)) &&
      (!rule.categories.length || rule.categories.includes(l.category)),
  );
}

const lineTotal = (l: PromoLine) => l.unitPriceKobo * l.quantity;

/** Whether an instant is in the promotion's days and hours (Lagos time). */
function inPromotionHours(rule: Pick<PromotionRule, 'days' | 'fromMinute' | 'toMinute'>, at: Date): boolean {
  const { day, minute } = lagosClock(at);
  if (rule.fromMinute === null || rule.toMinute === null) return !rule.days.length || rule.days.includes(day);
  if (rule.fromMinute < rule.toMinute)
    return (!rule.days.length || rule.days.includes(day)) && minute >= rule.fromMinute && minute < rule.toMinute;
  // Past midnight: the evening belongs to its day, the small hours to the day before.
  if (minute >= rule.fromMinute) return !rule.days.length || rule.days.includes(day);
  return minute < rule.toMinute && (!rule.days.length || rule.days.includes((day + 6) % 7));
}

/**
 * Why a promotion does not apply to this cart for this shopper now, or null when it does. The
 * checks run from the promotion's own state to the cart's, so the message names the first reason.
 */
function promotionProblem(
  rule: PromotionRule,
  lines: PromoLine[],
  shopper: Shopper,
  now: Date,
): PromotionProblem | null {
  if (!rule.active || (rule.endsAt && now >= rule.endsAt))
    return { code: 'promo_expired', message: `The offer "${rule.title}" has ended.` };
  if (rule.startsAt && now < rule.startsAt)
    return { code: 'promo_not_started', message: `The offer "${rule.title}" has not started yet.` };
  if (!inPromotionHours(rule, now)) {
    const hours =
      rule.fromMinute !== null && rule.toMinute !== null
        ? ` from ${hhmmOf(rule.fromMinute)} to ${hhmmOf(rule.toMinute)}`
        : '';
    return { code: 'promo_hours', message: `"${rule.title}" works only at its set times${hours} (Lagos time).` };
  }
  if ((rule.firstOrder || rule.perPerson !== null) && !shopper.verified)
    return {
      code: 'promo_verify',
      message: `"${rule.title}" is for verified accounts. Please verify your email on your profile page, then try again.`,
    };
  if (rule.studentsOnly && !shopper.verifiedStudent)
    return {
      code: 'promo_students',
      message: `"${rule.title}" is for verified students. Verify a university email address on your profile to use it.`,
    };
  if (rule.firstOrder && !shopper.firstOrder)
    return { code: 'promo_first_order', message: `"${rule.title}" is for your first order only.` };
  const eligible = eligibleLines(rule, lines);
  if (!eligible.length)
    return { code: 'promo_not_eligible', message: `"${rule.title}" does not apply to anything in your cart.` };
  const spend = eligible.reduce((s, l) => s + lineTotal(l), 0);
  if (spend < rule.minSpendKobo)
    return {
      code: 'promo_min_spend',
      message: `"${rule.title}" needs ${formatNaira(rule.minSpendKobo)} of eligible items; your cart has ${formatNaira(spend)}.`,
    };
  if (rule.kind === 'fixed' && (rule.amountKobo ?? 0) > spend)
    return {
      code: 'promo_above_price',
      message: `"${rule.title}" takes off ${formatNaira(rule.amountKobo ?? 0)}, more than the ${formatNaira(spend)} it applies to. Add more to your cart to use it.`,
    };
  return null;
}

/** Splits an amount over lines in proportion to their totals, whole kobo, summing exactly. */
function spread(amountKobo: Kobo, lines: PromoLine[]): Map<string, Kobo> {
  const total = lines.reduce((s, l) => s + lineTotal(l), 0);
  const out = new Map<string, Kobo>();
  if (!total) return out;
  let given = 0;
  for (const l of lines) {
    const share = Math.floor((amountKobo * lineTotal(l)) / total);
    out.set(l.key, share);
    given += share;
  }
  // What flooring left (fewer kobo than lines) goes one kobo each to the lines that have room, in order.
  for (const l of lines) {
    if (given >= amountKobo) break;
    if (out.get(l.key)! < lineTotal(l)) {
      out.set(l.key, out.get(l.key)! + 1);
      given += 1;
    }
  }
  return out;
}

/** What an applicable promotion takes off (rounded down to the kobo) and where it falls. */
function applyPromotion(rule: PromotionRule, lines: PromoLine[], deliveryFeeKobo: Kobo): AppliedPromotion {
  const eligible = eligibleLines(rule, lines);
  const spend = eligible.reduce((s, l) => s + lineTotal(l), 0);
  if (rule.kind === 'delivery') {
    const amountKobo = Math.floor((deliveryFeeKobo * (rule.percent ?? 100)) / 100);
    const borne = rule.fundedBy === 'vendor' ? lines.filter((l) => l.vendorId === rule.vendorId) : [];
    return { rule, target: 'delivery', amountKobo, byLine: spread(amountKobo, borne) };
  }
  const amountKobo =
    rule.kind === 'fixed'
      ? Math.min(rule.amountKobo ?? 0, spend)
      : Math.min(Math.floor((spend * (rule.percent ?? 0)) / 100), rule.capKobo ?? Number.MAX_SAFE_INTEGER);
  return { rule, target: 'items', amountKobo, byLine: spread(amountKobo, eligible) };
}

/**
 * The promotions a cart gets: at most one on its items and one on its delivery fee. A code the
 * shopper typed takes its place (and must apply: its problem is answered); otherwise the
 * automatic promotion that takes off the most, ties to the earliest listed.
 */
export function choosePromotions(
  automatic: PromotionRule[],
  code: PromotionRule | null,
  lines: PromoLine[],
  deliveryFeeKobo: Kobo,
  shopper: Shopper,
  now: Date,
): { applied: AppliedPromotion[]; problem: PromotionProblem | null } {
  const problem = code ? promotionProblem(code, lines, shopper, now) : null;
  const chosen = code && !problem ? applyPromotion(code, lines, deliveryFeeKobo) : null;
  const applied: AppliedPromotion[] = chosen ? [chosen] : [];
  for (const target of ['items', 'delivery'] as const) {
    if (chosen?.target === target) continue;
    let best: AppliedPromotion | null = null;
    for (const rule of automatic) {
      if ((rule.kind === 'delivery') !== (target === 'delivery')) continue;
      if (promotionProblem(rule, lines, shopper, now)) continue;
      const a = applyPromotion(rule, lines, deliveryFeeKobo);
      if (a.amountKobo > 0 && (!best || a.amountKobo > best.amountKobo)) best = a;
    }
    if (best) applied.push(best);
  }
  return { applied, problem };
}

/** Whether a live automatic promotion is about a product (its card's label). */
export function promotionCovers(
  rule: Pick<PromotionRule, 'vendorIds' | 'productIds' | 'categories'>,
  product: { _id: string; vendorId: string; category: string },
): boolean {
  return (
    (!rule.vendorIds.length || rule.vendorIds.includes(product.vendorId)) &&
    (!rule.productIds.length || rule.productIds.includes(product._id)) &&
    (!rule.categories.length || rule.categories.includes(product.category))
  );
}
