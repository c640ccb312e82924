import {
  koboToNaira,
  normaliseCode,
  type AppliedDiscountDto,
  type AppliedPromotion,
  type PromotionRule,
  type Shopper,
} from '@jara/shared';
import type { Executor, Tx } from '../../infra/db/client.js';
import { badRequest, conflict, type AppError } from '../../lib/errors.js';
import { verificationOf } from '../auth/index.js';
import { shopsByIds } from '../catalogue/index.js';
import * as repo from './promotions.repo.js';

/** A promotion row as the pure rules (packages/shared/src/promotions.ts) read it. */
function toRule(p: repo.PromotionRow): PromotionRule {
  return {
    id: p.id,
    title: p.title,
    code: p.code,
    kind: p.kind,
    percent: p.percent,
    capKobo: p.capKobo,
    amountKobo: p.amountKobo,
    minSpendKobo: p.minSpendKobo,
    firstOrder: p.firstOrder,
    studentsOnly: p.studentsOnly,
    vendorIds: p.vendorIds,
    categories: p.categories,
    productIds: p.productIds,
    days: p.days,
    fromMinute: p.fromMinute,
    toMinute: p.toMinute,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    perPerson: p.perPerson,
    fundedBy: p.fundedBy,
    vendorId: p.vendorId,
    active: p.active,
  };
}

/** A shopper as promotions judge them, and whether an admin barred them. */
interface PromotionShopper extends Shopper {
  barred: boolean;
  /** The verified phone counted as the person (PROMOTIONS_NEED_PHONE), else null. */
  phone: string | null;
}

/** What the quotes of a batch of checkouts read of promotions, in a few statements however many there are. */
export interface PromotionReads {
  automatic: PromotionRule[];
  /**
   * Per shopper, the automatic promotions they cannot have: used up (uses, or no budget left), or
   * used by them as often as allowed. Limits hold for automatic promotions as for codes.
   */
  unavailable: Map<string, Set<string>>;
  /** By normalised code, every promotion with one of the codes asked (ended ones too: they say so). */
  byCode: Map<string, PromotionRule>;
  shoppers: Map<string, PromotionShopper>;
}

/**
 * Reads what the quotes of these checkouts need: the automatic promotions, the typed codes'
 * promotions, and each shopper's standing (verified, student, first order, barred).
 * `keptOrders`: the accounts with an order paid and not wholly cancelled (the orders module's).
 * With no automatic promotion running and no code typed, that is one statement.
 */
export async function readPromotions(
  ex: Executor,
  asks: { userId: string; code?: string | undefined }[],
  keptOrders: (userIds: string[]) => Promise<Set<string>>,
  needPhone: boolean,
  now: Date,
): Promise<PromotionReads> {
  const userIds = [...new Set(asks.map((a) => a.userId))];
  const codes = [...new Set(asks.flatMap((a) => (a.code ? [normaliseCode(a.code)] : [])))];
  const automatic = await repo.automaticPromotions(ex, now);
  if (!automatic.length && !codes.length)
    return { automatic: [], unavailable: new Map(), byCode: new Map(), shoppers: new Map() };
  const coded = await repo.promotionsByCodes(ex, codes);
  const kept = await keptOrders(userIds);
  const verification = await verificationOf(ex, userIds);
  const phones = [...verification.values()].flatMap((v) => (v.phone ? [v.phone] : []));
  const taken = await repo.firstOrderTaken(ex, userIds, phones);
  const barred = await repo.barredUsers(ex, userIds);
  const limited = automatic.filter((p) => p.maxUses !== null || p.budgetKobo !== null);
  const usage = await repo.usageOf(
    ex,
    limited.map((p) => p.id),
  );
  const usedUp = limited.filter((p) => {
    const u = usage.get(p.id) ?? { uses: 0, spentKobo: 0 };
    return (p.maxUses !== null && u.uses >= p.maxUses) || (p.budgetKobo !== null && u.spentKobo >= p.budgetKobo);
  });
  const perPerson = automatic.filter((p) => p.perPerson !== null);
  const mine = await repo.personUses(
    ex,
    perPerson.flatMap((p) =>
      userIds.map((userId) => ({
        promotionId: p.id,
        userId,
        phone: (needPhone && verification.get(userId)?.phone) || null,
      })),
    ),
  );
  const unavailable = new Map(
    userIds.map((id) => [
      id,
      new Set([
        ...usedUp.map((p) => p.id),
        ...perPerson.filter((p) => (mine.get(`${p.id}|${id}`) ?? 0) >= p.perPerson!).map((p) => p.id),
      ]),
    ]),
  );
  const shoppers = new Map<string, PromotionShopper>();
  for (const id of userIds) {
    const v = verification.get(id);
    const phone = needPhone ? (v?.phone ?? null) : null;
    shoppers.set(id, {
      verified: !!v?.emailVerified && (!needPhone || !!v.phone),
      verifiedStudent: !!v?.verifiedStudent,
      firstOrder: !kept.has(id) && !taken.has(id) && !(v?.phone && taken.has(v.phone)),
      barred: barred.has(id),
      phone,
    });
  }
  return {
    automatic: automatic.map(toRule),
    unavailable,
    byCode: new Map(coded.map((p) => [p.code!, toRule(p)])),
    shoppers,
  };
}

/** One checkout's promotions, to be checked against their limits. */
export interface PromotionClaim {
  index: number;
  userId: string;
  phone: string | null;
  applied: AppliedPromotion[];
}

/**
 * Checks the limits (total uses, budget, uses per person) of the promotions these checkouts
 * apply, in their order: with `lock`, inside the checkout's transaction, the promotions locked
 * first so that checkouts of the same promotion are counted one after another (never a use or a
 * kobo over). Answers the refusal of each checkout that would go over, by index; the others'
 * uses are counted as they are accepted.
 */
export async function checkLimits(
  ex: Executor,
  claims: PromotionClaim[],
  lock: boolean,
): Promise<Map<number, { error: AppError; promotion: PromotionRule }>> {
  const refused = new Map<number, { error: AppError; promotion: PromotionRule }>();
  const withPromos = claims.filter((c) => c.applied.length);
  if (!withPromos.length) return refused;
  const ids = [...new Set(withPromos.flatMap((c) => c.applied.map((a) => a.rule.id)))];
  const state = lock
    ? await repo.lockPromotions(ex, ids)
    : new Map(
        (await Promise.all(ids.map((id) => repo.promotionWithUsage(ex, id)))).flatMap((p) => (p ? [[p.id, p]] : [])),
      );
  const perPersonAsks = withPromos.flatMap((c) =>
    c.applied
      .filter((a) => a.rule.perPerson !== null)
      .map((a) => ({ promotionId: a.rule.id, userId: c.userId, phone: c.phone })),
  );
  const byPerson = await repo.personUses(ex, perPersonAsks);
  for (const c of withPromos) {
    const problem = c.applied
      .map((a) => {
        const p = state.get(a.rule.id);
        const error = (() => {
          if (!p) return badRequest(`The offer "${a.rule.title}" has ended.`, 'promo_expired');
          if (
            (p.maxUses !== null && p.uses + 1 > p.maxUses) ||
            (p.budgetKobo !== null && p.spentKobo + a.amountKobo > p.budgetKobo)
          )
            return conflict(
              `Sorry, "${p.title}" has just been used up. Please remove the code to pay the full price.`,
              'promo_exhausted',
            );
          const mine = byPerson.get(`${p.id}|${c.userId}`) ?? 0;
          if (p.perPerson !== null && mine + 1 > p.perPerson)
            return conflict(
              `You have already used "${p.title}"${p.perPerson === 1 ? '' : ` ${p.perPerson} times`}, as often as it allows.`,
              'promo_per_person',
            );
          return null;
        })();
        return error && { error, promotion: a.rule };
      })
      .find((e) => e);
    if (problem) {
      refused.set(c.index, problem);
      continue;
    }
    for (const a of c.applied) {
      const p = state.get(a.rule.id)!;
      p.uses += 1;
      p.spentKobo += a.amountKobo;
      if (p.perPerson !== null) byPerson.set(`${p.id}|${c.userId}`, (byPerson.get(`${p.id}|${c.userId}`) ?? 0) + 1);
    }
  }
  return refused;
}

/** Records the uses of orders just inserted, reserved until their payments settle. */
export async function reserveUses(
  tx: Tx,
  uses: { orderId: string; userId: string; phone: string | null; applied: AppliedPromotion[] }[],
): Promise<void> {
  await repo.insertUses(
    tx,
    uses.flatMap((u) =>
      u.applied.map((a) => ({
        promotionId: a.rule.id,
        orderId: u.orderId,
        userId: u.userId,
        phone: u.phone,
        target: a.target,
        discountKobo: a.amountKobo,
      })),
    ),
  );
}

/** The order was paid: its reserved uses are made (once, however often the provider tells us). */
export function usesPaid(tx: Tx, orderId: string, at: Date): Promise<number> {
  return repo.moveUses(tx, orderId, ['reserved'], 'used', at);
}

/**
 * The order's payment failed or was abandoned, or the order was cancelled or fully refunded: its
 * uses count no more (its person may use the promotion again, its budget has the kobo back).
 */
export function releaseUses(tx: Tx, orderId: string, at: Date, reason: string): Promise<number> {
  return repo.moveUses(tx, orderId, ['reserved', 'used'], 'released', at, reason);
}

/** The discounts of these orders as their pages show them, by order, each with the shop that funds it (or null). */
export async function discountsOf(
  ex: Executor,
  orderIds: string[],
): Promise<Map<string, { dto: AppliedDiscountDto; vendorId: string | null }[]>> {
  const rows = await repo.usesOfOrders(ex, orderIds);
  const shops = await shopsByIds(
    ex,
    rows.flatMap((r) => (r.promotion.vendorId ? [r.promotion.vendorId] : [])),
  );
  const names = new Map([...shops].map(([id, shop]) => [id, shop.businessName]));
  const out = new Map<string, { dto: AppliedDiscountDto; vendorId: string | null }[]>();
  for (const { use, promotion: p } of rows) {
    const list = out.get(use.orderId) ?? out.set(use.orderId, []).get(use.orderId)!;
    list.push({ vendorId: p.vendorId, dto: discountDto(p, use.target, use.discountKobo, names) });
  }
  return out;
}

/** A discount as the answers show it: what a promotion took off and who pays for it. */
function discountDto(
  p: Pick<PromotionRule, 'id' | 'title' | 'code' | 'fundedBy' | 'vendorId'>,
  target: AppliedDiscountDto['target'],
  amountKobo: number,
  shopNames: ReadonlyMap<string, string>,
): AppliedDiscountDto {
  return {
    promotionId: p.id,
    title: p.title,
    code: p.code,
    target,
    amount: koboToNaira(amountKobo),
    fundedBy: p.fundedBy,
    vendorName: p.vendorId ? (shopNames.get(p.vendorId) ?? null) : null,
  };
}

/** An applied promotion as the cart shows it before checkout. */
export const appliedDto = (a: AppliedPromotion, shopNames: ReadonlyMap<string, string>): AppliedDiscountDto =>
  discountDto(a.rule, a.target, a.amountKobo, shopNames);
