/** The auth module's figure for the admin's funnel (modules/insights): accounts with a synced cart. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

/** Distinct accounts that synced a cart with something in it on a Lagos day from `fromDay` to `toDay` (both included). */
export async function cartUsersBetween(ex: Executor, fromDay: string, toDay: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(DISTINCT c.user_id)::int AS n FROM cart_days c WHERE c.day BETWEEN ${fromDay}::date AND ${toDay}::date`,
  );
  return Number(row?.n ?? 0);
}
