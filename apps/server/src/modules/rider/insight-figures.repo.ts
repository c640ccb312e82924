/**
 * The rider module's figures for the dashboards (modules/insights): riders online now, a rider's
 * hours online and ratings in a period, and the stars of a delivery as a piece of SQL others embed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The stars the customer gave the delivery of a subject (an SQL expression of its id); NULL if none. */
export const deliveryStarsSql = (subjectType: 'order' | 'dispatch', subjectId: SQL): SQL =>
  sql`(SELECT r.stars FROM ratings r WHERE r.subject_type = ${subjectType} AND r.subject_id = ${subjectId})`;

/** The accounts of the approved riders online now. */
export async function onlineRiders(ex: Executor): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    ex,
    sql`SELECT user_id FROM riders WHERE status = 'approved' AND is_online`,
  );
  return rows.map((r) => r.user_id);
}

/** Hours the rider was online within [from, to), an open shift counting until `now`. */
export async function hoursOnline(ex: Executor, riderUserId: string, from: Date, to: Date, now: Date): Promise<number> {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    ex,
    sql`
    SELECT sum(greatest(0, extract(epoch FROM
             least(coalesce(s.ended_at, ${at(now)}), ${at(to)}) - greatest(s.started_at, ${at(from)}))))::float8 AS seconds
    FROM rider_shifts s
    WHERE s.rider_id = ${riderUserId} AND s.started_at < ${at(to)} AND coalesce(s.ended_at, ${at(now)}) > ${at(from)}`,
  );
  return Number(row?.seconds ?? 0) / 3600;
}

/** The rider's ratings given in [from, to): how many and their average stars (null when none). */
export async function ratingsBetween(
  ex: Executor,
  riderUserId: string,
  from: Date,
  to: Date,
): Promise<{ count: number; average: number | null }> {
  const [row] = await queryRows<{ n: number; average: number | null }>(
    ex,
    sql`
    SELECT count(*)::int AS n, avg(r.stars)::float8 AS average FROM ratings r
    WHERE r.rider_id = ${riderUserId} AND r.created_at >= ${at(from)} AND r.created_at < ${at(to)}`,
  );
  return {
    count: Number(row?.n ?? 0),
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
  };
}
