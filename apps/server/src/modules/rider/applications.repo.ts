import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { ratings, riderShifts, riders } from './rider.tables.js';

type RiderRow = typeof riders.$inferSelect;

export async function pendingRiders(ex: Executor): Promise<RiderRow[]> {
  return ex.select().from(riders).where(eq(riders.status, 'pending')).orderBy(asc(riders.createdAt));
}

export async function lockRiderRow(ex: Executor, id: string): Promise<RiderRow | undefined> {
  const [row] = await ex.select().from(riders).where(eq(riders.id, id)).for('update');
  return row;
}

export async function setRiderStatus(ex: Executor, id: string, status: 'approved' | 'rejected', reason: string | null) {
  await ex
    .update(riders)
    .set({ status, rejectionReason: reason, ...(status === 'rejected' ? { isOnline: false } : {}) })
    .where(eq(riders.id, id));
  // Set offline: the shift online ends now (never before it started).
  if (status === 'rejected')
    await ex
      .update(riderShifts)
      .set({ endedAt: sql`greatest(now(), ${riderShifts.startedAt})` })
      .where(
        and(
          isNull(riderShifts.endedAt),
          eq(riderShifts.riderId, sql`(SELECT r.user_id FROM riders r WHERE r.id = ${id})`),
        ),
      );
}

export async function riderStatusOf(ex: Executor, userId: string) {
  const [row] = await ex.select({ status: riders.status }).from(riders).where(eq(riders.userId, userId));
  return row?.status;
}

/** Riders whose average rating is below `threshold`, lowest first. */
export async function ratedBelow(ex: Executor, threshold: number) {
  return ex
    .select({
      riderId: ratings.riderId,
      avg: sql<number>`avg(${ratings.stars})::float`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .groupBy(ratings.riderId)
    .having(sql`avg(${ratings.stars}) < ${threshold}`)
    .orderBy(sql`avg(${ratings.stars}) ASC`);
}
