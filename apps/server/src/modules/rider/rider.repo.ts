import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { dropOffWaits, ratings, riderShifts, riders } from './rider.tables.js';

export type RiderRow = typeof riders.$inferSelect;

export async function findRiderByUser(ex: Executor, userId: string): Promise<RiderRow | undefined> {
  const [row] = await ex.select().from(riders).where(eq(riders.userId, userId));
  return row;
}

export async function insertRider(ex: Executor, values: typeof riders.$inferInsert): Promise<RiderRow | undefined> {
  const [row] = await ex.insert(riders).values(values).onConflictDoNothing({ target: riders.userId }).returning();
  return row;
}

export async function updateRider(
  ex: Executor,
  id: string,
  values: Partial<typeof riders.$inferInsert>,
): Promise<RiderRow> {
  const [row] = await ex.update(riders).set(values).where(eq(riders.id, id)).returning();
  return row!;
}

/**
 * Opens the rider's shift at `at` when going online (none if one is open), or closes the open one
 * when going offline (never before it started: the clock tests set may be behind).
 */
export async function markShift(ex: Executor, riderUserId: string, online: boolean, at: Date): Promise<void> {
  if (online) await ex.insert(riderShifts).values({ riderId: riderUserId, startedAt: at }).onConflictDoNothing();
  else
    await ex
      .update(riderShifts)
      .set({ endedAt: sql`greatest(${at.toISOString()}::timestamptz, ${riderShifts.startedAt})` })
      .where(and(eq(riderShifts.riderId, riderUserId), isNull(riderShifts.endedAt)));
}

export async function riderRating(ex: Executor, riderUserId: string): Promise<{ avg: number | null; count: number }> {
  const [row] = await ex
    .select({ avg: sql<number | null>`avg(${ratings.stars})::float`, count: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.riderId, riderUserId));
  return { avg: row?.avg === null || row?.avg === undefined ? null : Number(row.avg), count: Number(row?.count ?? 0) };
}

export async function findWait(ex: Executor, subjectType: 'order' | 'dispatch', subjectId: string) {
  const [row] = await ex
    .select()
    .from(dropOffWaits)
    .where(and(eq(dropOffWaits.subjectType, subjectType), eq(dropOffWaits.subjectId, subjectId)));
  return row;
}

/** Starts the drop-off wait once: `started` is false when the rider had already tapped "I have arrived". */
export async function startWait(
  ex: Executor,
  subjectType: 'order' | 'dispatch',
  subjectId: string,
  riderId: string,
  arrivedAt: Date,
) {
  const inserted = await ex
    .insert(dropOffWaits)
    .values({ subjectType, subjectId, riderId, arrivedAt })
    .onConflictDoNothing()
    .returning({ subjectId: dropOffWaits.subjectId });
  return { wait: (await findWait(ex, subjectType, subjectId))!, started: inserted.length > 0 };
}

export async function markAbsentReported(
  ex: Executor,
  subjectType: 'order' | 'dispatch',
  subjectId: string,
): Promise<boolean> {
  const rows = await ex
    .update(dropOffWaits)
    .set({ absentReportedAt: new Date() })
    .where(
      and(
        eq(dropOffWaits.subjectType, subjectType),
        eq(dropOffWaits.subjectId, subjectId),
        sql`${dropOffWaits.absentReportedAt} IS NULL`,
      ),
    )
    .returning({ id: dropOffWaits.subjectId });
  return rows.length === 1;
}

export async function insertRating(ex: Executor, values: typeof ratings.$inferInsert): Promise<boolean> {
  const rows = await ex.insert(ratings).values(values).onConflictDoNothing().returning({ id: ratings.id });
  return rows.length === 1;
}

export async function ratingsFor(ex: Executor, customerId: string) {
  return ex
    .select({ subjectType: ratings.subjectType, subjectId: ratings.subjectId, stars: ratings.stars })
    .from(ratings)
    .where(eq(ratings.customerId, customerId));
}

/**
 * Holds the rider's row until the transaction ends, so two accepts by the same rider run one
 * after the other and the second sees the first's delivery (PostgreSQL's read committed would let
 * both pass the "no active delivery" check at the same instant).
 */
export async function lockRider(tx: Executor, riderUserId: string): Promise<void> {
  await queryRows(tx, sql`SELECT 1 FROM riders WHERE user_id = ${riderUserId} FOR UPDATE`);
}

/** Name and phone of the given riders (by user id). */
export async function riderContacts(
  ex: Executor,
  riderUserIds: string[],
): Promise<{ userId: string; name: string; phone: string }[]> {
  if (!riderUserIds.length) return [];
  return ex
    .select({ userId: riders.userId, name: riders.name, phone: riders.phone })
    .from(riders)
    .where(inArray(riders.userId, riderUserIds));
}

/** Average stars and number of ratings of the given riders (riders never rated are absent). */
export async function ratingStats(
  ex: Executor,
  riderUserIds: string[],
): Promise<{ rider_id: string; avg: string | number; n: number }[]> {
  if (!riderUserIds.length) return [];
  return queryRows<{ rider_id: string; avg: string | number; n: number }>(
    ex,
    sql`
    SELECT rider_id, avg(stars) AS avg, count(*)::int AS n FROM ratings
    WHERE rider_id IN (${sql.join(
      riderUserIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) GROUP BY rider_id`,
  );
}

export async function isApprovedRider(ex: Executor, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: riders.id })
    .from(riders)
    .where(and(eq(riders.userId, userId), eq(riders.status, 'approved')));
  return Boolean(row);
}
