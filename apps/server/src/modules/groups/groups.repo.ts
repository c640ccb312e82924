import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { GroupState } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { groupItems, groupMembers, groupOrders } from './groups.tables.js';

export type GroupRow = typeof groupOrders.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;
export type ItemRow = typeof groupItems.$inferSelect;

export async function insertGroup(ex: Executor, row: typeof groupOrders.$inferInsert): Promise<GroupRow> {
  const [g] = await ex.insert(groupOrders).values(row).returning();
  return g!;
}

export async function findGroup(ex: Executor, id: string): Promise<GroupRow | undefined> {
  const [g] = await ex.select().from(groupOrders).where(eq(groupOrders.id, id));
  return g;
}

export async function findGroupByToken(ex: Executor, token: string): Promise<GroupRow | undefined> {
  const [g] = await ex.select().from(groupOrders).where(eq(groupOrders.token, token));
  return g;
}

/**
 * Locks the group for the rest of the transaction: `update` for what changes the group itself
 * (a member joining, closing, placing, a share paid), `share` for a member's own lines, so that
 * members add at once while nobody closes the group under them.
 */
export async function lockGroup(ex: Executor, id: string, mode: 'update' | 'share'): Promise<GroupRow | undefined> {
  const [g] = await ex
    .select()
    .from(groupOrders)
    .where(eq(groupOrders.id, id))
    .for(mode === 'update' ? 'update' : 'share');
  return g;
}

export async function findGroupOfOrder(ex: Executor, orderId: string): Promise<GroupRow | undefined> {
  const [g] = await ex.select().from(groupOrders).where(eq(groupOrders.orderId, orderId));
  return g;
}

/** The group that becomes this order, locked (a member's payment settling). */
export async function lockGroupOfOrder(ex: Executor, orderId: string): Promise<GroupRow | undefined> {
  const [g] = await ex.select().from(groupOrders).where(eq(groupOrders.orderId, orderId)).for('update');
  return g;
}

export async function setGroup(
  ex: Executor,
  id: string,
  patch: Partial<typeof groupOrders.$inferInsert>,
): Promise<void> {
  await ex.update(groupOrders).set(patch).where(eq(groupOrders.id, id));
}

/** Groups still open or paying whose cut-off has come, oldest first. */
export async function dueGroups(ex: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await ex
    .select({ id: groupOrders.id })
    .from(groupOrders)
    .where(and(inArray(groupOrders.state, ['open', 'paying'] satisfies GroupState[]), lte(groupOrders.cutOffAt, now)))
    .orderBy(asc(groupOrders.cutOffAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The groups the user is a member of, newest first. */
export async function groupsOfUser(ex: Executor, userId: string, limit: number): Promise<GroupRow[]> {
  const rows = await ex
    .select({ group: groupOrders })
    .from(groupMembers)
    .innerJoin(groupOrders, eq(groupOrders.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupOrders.createdAt), desc(groupOrders.id))
    .limit(limit);
  return rows.map((r) => r.group);
}

/** The members of these groups, in the order they joined. */
export async function membersOf(ex: Executor, groupIds: readonly string[]): Promise<MemberRow[]> {
  if (!groupIds.length) return [];
  return ex
    .select()
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, [...groupIds]))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
}

export async function memberOf(ex: Executor, groupId: string, userId: string): Promise<MemberRow | undefined> {
  const [m] = await ex
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return m;
}

/** Adds the member; undefined when they were one already. */
export async function insertMember(
  ex: Executor,
  groupId: string,
  userId: string,
  joinedAt: Date,
): Promise<MemberRow | undefined> {
  const [m] = await ex
    .insert(groupMembers)
    .values({ groupId, userId, joinedAt })
    .onConflictDoNothing({ target: [groupMembers.groupId, groupMembers.userId] })
    .returning();
  return m;
}

export async function countMembers(ex: Executor, groupId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return Number(row?.n ?? 0);
}

/** The lines of these groups, in the order they were first added. */
export async function itemsOf(ex: Executor, groupIds: readonly string[]): Promise<ItemRow[]> {
  if (!groupIds.length) return [];
  return ex
    .select()
    .from(groupItems)
    .where(inArray(groupItems.groupId, [...groupIds]))
    .orderBy(asc(groupItems.addedAt), asc(groupItems.id));
}

export async function linesOfMember(ex: Executor, memberId: string): Promise<ItemRow[]> {
  return ex.select().from(groupItems).where(eq(groupItems.memberId, memberId));
}

/**
 * Adds to the member's line of this product and option, in one statement (members adding at
 * once each keep their own quantities; the same line added twice at once adds up), at most 99.
 */
export async function addLine(
  ex: Executor,
  line: { groupId: string; memberId: string; productId: string; optionId: string; vendorId: string; quantity: number },
): Promise<ItemRow> {
  const [row] = await ex
    .insert(groupItems)
    .values(line)
    .onConflictDoUpdate({
      target: [groupItems.memberId, groupItems.productId, groupItems.optionId],
      set: { quantity: sql`least(99, ${groupItems.quantity} + excluded.quantity)` },
    })
    .returning();
  return row!;
}

/** Sets the quantity of one of the member's lines (0 removes it); false when the member has no such line. */
export async function setLineQuantity(
  ex: Executor,
  memberId: string,
  itemId: string,
  quantity: number,
): Promise<boolean> {
  const where = and(eq(groupItems.id, itemId), eq(groupItems.memberId, memberId));
  const rows =
    quantity === 0
      ? await ex.delete(groupItems).where(where).returning({ id: groupItems.id })
      : await ex.update(groupItems).set({ quantity }).where(where).returning({ id: groupItems.id });
  return rows.length > 0;
}

/** Fixes each line's name and price as the group closes. */
export async function fixLines(
  ex: Executor,
  lines: { id: string; productName: string; optionName: string; image: string | null; unitPriceKobo: number }[],
): Promise<void> {
  for (const l of lines) {
    const { id, ...fixed } = l;
    await ex.update(groupItems).set(fixed).where(eq(groupItems.id, id));
  }
}

/** Fixes each paying member's share as the group closes. */
export async function fixShares(
  ex: Executor,
  shares: {
    memberId: string;
    itemsKobo: number;
    deliveryShareKobo: number;
    serviceFeeKobo: number;
    totalKobo: number;
  }[],
): Promise<void> {
  for (const s of shares)
    await ex
      .update(groupMembers)
      .set({
        itemsKobo: s.itemsKobo,
        deliveryShareKobo: s.deliveryShareKobo,
        serviceFeeKobo: s.serviceFeeKobo,
        amountKobo: s.totalKobo,
      })
      .where(eq(groupMembers.id, s.memberId));
}

/** `joined → paid` for the member's share, once; undefined when it was not waiting for payment. */
export async function markPaid(
  ex: Executor,
  memberId: string,
  paymentId: string,
  paidAt: Date,
): Promise<MemberRow | undefined> {
  const [m] = await ex
    .update(groupMembers)
    .set({ state: 'paid', paymentId, paidAt })
    .where(and(eq(groupMembers.id, memberId), eq(groupMembers.state, 'joined'), isNotNull(groupMembers.amountKobo)))
    .returning();
  return m;
}

/** The shares still unpaid drop out (the group is placed without them). */
export async function dropUnpaid(ex: Executor, groupId: string): Promise<void> {
  await ex
    .update(groupMembers)
    .set({ state: 'dropped' })
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.state, 'joined'), isNotNull(groupMembers.amountKobo)),
    );
}
