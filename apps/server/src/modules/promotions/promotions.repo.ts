import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { promotionBars, promotions, promotionUses, type UseState } from './promotions.tables.js';

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;
export type NewUse = typeof promotionUses.$inferInsert;

/** A promotion with what its uses held or made add up to. */
export interface PromotionWithUsage extends PromotionRow {
  uses: number;
  spentKobo: number;
}

const usage = sql<number>`(SELECT count(*)::int FROM promotion_uses u WHERE u.promotion_id = promotions.id AND u.state <> 'released')`;
const spent = sql<number>`(SELECT coalesce(sum(u.discount_kobo), 0)::int FROM promotion_uses u WHERE u.promotion_id = promotions.id AND u.state <> 'released')`;

export async function insertPromotion(ex: Executor, row: NewPromotion): Promise<PromotionRow | undefined> {
  const [p] = await ex.insert(promotions).values(row).onConflictDoNothing().returning();
  return p;
}

/** Saves a promotion's new terms; undefined when another promotion has the code. */
export async function updatePromotion(
  ex: Executor,
  id: string,
  values: Partial<NewPromotion>,
): Promise<PromotionRow | undefined> {
  const [p] = await ex
    .update(promotions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promotions.id, id))
    .returning();
  return p;
}

export async function findPromotion(ex: Executor, id: string): Promise<PromotionRow | undefined> {
  const [p] = await ex.select().from(promotions).where(eq(promotions.id, id));
  return p;
}

export async function promotionByCode(ex: Executor, code: string): Promise<PromotionRow | undefined> {
  const [p] = await ex.select().from(promotions).where(eq(promotions.code, code));
  return p;
}

/** Promotions with their usage, newest first: one shop's, or every one (vendorId undefined). */
export async function listPromotions(ex: Executor, vendorId?: string): Promise<PromotionWithUsage[]> {
  const rows = await ex
    .select({ p: promotions, uses: usage, spentKobo: spent })
    .from(promotions)
    .where(vendorId ? eq(promotions.vendorId, vendorId) : undefined)
    .orderBy(desc(promotions.createdAt), asc(promotions.id))
    .limit(500);
  return rows.map((r) => ({ ...r.p, uses: Number(r.uses), spentKobo: Number(r.spentKobo) }));
}

export async function promotionWithUsage(ex: Executor, id: string): Promise<PromotionWithUsage | undefined> {
  const [r] = await ex
    .select({ p: promotions, uses: usage, spentKobo: spent })
    .from(promotions)
    .where(eq(promotions.id, id));
  return r && { ...r.p, uses: Number(r.uses), spentKobo: Number(r.spentKobo) };
}

/** Automatic promotions switched on and not ended (whatever their hours): what checkout weighs. */
export async function automaticPromotions(ex: Executor, now: Date): Promise<PromotionRow[]> {
  return ex
    .select()
    .from(promotions)
    .where(
      and(
        isNull(promotions.code),
        eq(promotions.active, true),
        sql`(${promotions.endsAt} IS NULL OR ${promotions.endsAt} > ${now})`,
      ),
    )
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
}

export async function promotionsByCodes(ex: Executor, codes: string[]): Promise<PromotionRow[]> {
  if (!codes.length) return [];
  return ex.select().from(promotions).where(inArray(promotions.code, codes));
}

/** What the uses held or made of these promotions add up to. */
export async function usageOf(ex: Executor, ids: string[]): Promise<Map<string, { uses: number; spentKobo: number }>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: promotions.id, uses: usage, spentKobo: spent })
    .from(promotions)
    .where(inArray(promotions.id, ids));
  return new Map(rows.map((r) => [r.id, { uses: Number(r.uses), spentKobo: Number(r.spentKobo) }]));
}

/**
 * Locks the promotions for the rest of the transaction, in id order (two checkouts of the same
 * promotions wait for each other, never deadlock), and reads what their uses add up to after
 * the lock: every use recorded before this transaction got it is counted.
 */
export async function lockPromotions(ex: Executor, ids: string[]): Promise<Map<string, PromotionWithUsage>> {
  if (!ids.length) return new Map();
  await ex
    .select({ id: promotions.id })
    .from(promotions)
    .where(inArray(promotions.id, ids))
    .orderBy(asc(promotions.id))
    .for('update');
  const rows = await ex
    .select({ p: promotions, uses: usage, spentKobo: spent })
    .from(promotions)
    .where(inArray(promotions.id, ids));
  return new Map(rows.map((r) => [r.p.id, { ...r.p, uses: Number(r.uses), spentKobo: Number(r.spentKobo) }]));
}

/**
 * Uses held or made of these promotions per person: by the account, and by the verified phone
 * when one is given (two accounts with one phone are one person). Keyed `<promotion>|<user>`.
 */
export async function personUses(
  ex: Executor,
  asks: { promotionId: string; userId: string; phone: string | null }[],
): Promise<Map<string, number>> {
  if (!asks.length) return new Map();
  const rows = await queryRows<{ promotion_id: string; user_id: string; n: number }>(
    ex,
    sql`
    SELECT a.promotion_id, a.user_id, count(u.id)::int AS n
    FROM json_to_recordset(${JSON.stringify(asks.map((a) => ({ promotion_id: a.promotionId, user_id: a.userId, phone: a.phone })))}::json)
      AS a(promotion_id uuid, user_id uuid, phone text)
    LEFT JOIN promotion_uses u ON u.promotion_id = a.promotion_id AND u.state <> 'released'
      AND (u.user_id = a.user_id OR (a.phone IS NOT NULL AND u.phone = a.phone))
    GROUP BY a.promotion_id, a.user_id`,
  );
  return new Map(rows.map((r) => [`${r.promotion_id}|${r.user_id}`, Number(r.n)]));
}

/** The accounts (of these) holding or having made a use of a first-order promotion. */
export async function firstOrderTaken(ex: Executor, userIds: string[], phones: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await queryRows<{ user_id: string; phone: string | null }>(
    ex,
    sql`
    SELECT DISTINCT u.user_id, u.phone FROM promotion_uses u JOIN promotions p ON p.id = u.promotion_id
    WHERE p.first_order AND u.state <> 'released'
      AND (u.user_id = ANY(${sql.param(userIds)}::uuid[]) OR u.phone = ANY(${sql.param(phones)}::text[]))`,
  );
  const out = new Set<string>();
  for (const r of rows) {
    out.add(r.user_id);
    if (r.phone) out.add(r.phone);
  }
  return out;
}

export async function barredUsers(ex: Executor, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await ex
    .select({ userId: promotionBars.userId })
    .from(promotionBars)
    .where(inArray(promotionBars.userId, userIds));
  return new Set(rows.map((r) => r.userId));
}

export async function setBar(ex: Executor, userId: string, barred: boolean, reason: string, by: string): Promise<void> {
  if (!barred) {
    await ex.delete(promotionBars).where(eq(promotionBars.userId, userId));
    return;
  }
  await ex
    .insert(promotionBars)
    .values({ userId, reason, barredBy: by })
    .onConflictDoUpdate({ target: promotionBars.userId, set: { reason, barredBy: by, createdAt: new Date() } });
}

export async function insertUses(ex: Executor, rows: NewUse[]): Promise<void> {
  if (rows.length) await ex.insert(promotionUses).values(rows);
}

/**
 * Moves an order's uses from one of `from` to `to`; the uses that moved. A use moves once: a
 * webhook arriving again finds it moved already.
 */
export async function moveUses(
  ex: Executor,
  orderId: string,
  from: UseState[],
  to: UseState,
  at: Date,
  reason: string | null = null,
): Promise<number> {
  const rows = await ex
    .update(promotionUses)
    .set(
      to === 'used'
        ? { state: to, usedAt: at }
        : to === 'released'
          ? { state: to, releasedAt: at, releasedReason: reason }
          : { state: to },
    )
    .where(and(eq(promotionUses.orderId, orderId), inArray(promotionUses.state, from)))
    .returning({ id: promotionUses.id });
  return rows.length;
}

/** The uses of these orders, with their promotions, for showing them. */
export async function usesOfOrders(ex: Executor, orderIds: string[]) {
  if (!orderIds.length) return [];
  return ex
    .select({ use: promotionUses, promotion: promotions })
    .from(promotionUses)
    .innerJoin(promotions, eq(promotions.id, promotionUses.promotionId))
    .where(inArray(promotionUses.orderId, orderIds))
    .orderBy(asc(promotionUses.target));
}

/** One promotion's uses per person, busiest first. */
export async function peopleOfPromotion(ex: Executor, promotionId: string) {
  return queryRows<{ user_id: string; phone: string | null; uses: number; discount: number; released: number }>(
    ex,
    sql`
    SELECT u.user_id, max(u.phone) AS phone,
      count(*) FILTER (WHERE u.state <> 'released')::int AS uses,
      coalesce(sum(u.discount_kobo) FILTER (WHERE u.state <> 'released'), 0)::int AS discount,
      count(*) FILTER (WHERE u.state = 'released')::int AS released
    FROM promotion_uses u WHERE u.promotion_id = ${promotionId}
    GROUP BY u.user_id ORDER BY 3 DESC, 1 LIMIT 1000`,
  );
}
