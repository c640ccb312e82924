/** The disputes module's figure for the admin's dashboard (modules/insights). */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

/** Disputes opened in [from, to): how many and the amounts customers asked back. */
export async function disputesBetween(ex: Executor, from: Date, to: Date): Promise<{ count: number; kobo: number }> {
  const [row] = await queryRows<{ n: number; kobo: number }>(
    ex,
    sql`
    SELECT count(*)::int AS n, coalesce(sum(d.amount_kobo), 0)::float8 AS kobo FROM disputes d
    WHERE d.created_at >= ${from.toISOString()}::timestamptz AND d.created_at < ${to.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), kobo: Number(row?.kobo ?? 0) };
}
