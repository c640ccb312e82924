/** The ledger's figures for a rider's dashboard (modules/insights): what deliveries released to them. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { riderAccount } from './postings.js';

/**
 * What the delivery codes released to the rider in [from, to), by Lagos bucket (`format` for
 * to_char on Lagos time): the kobo credited, and how many deliveries released it.
 */
export async function riderReleasesBetween(ex: Executor, riderUserId: string, from: Date, to: Date, format: string) {
  const rows = await queryRows<{ at: string; kobo: number; jobs: number }>(
    ex,
    sql`
    SELECT to_char((t.created_at AT TIME ZONE 'UTC') + interval '1 hour', ${format}) AS at,
           (-sum(e.amount_kobo))::float8 AS kobo, count(DISTINCT t.id)::int AS jobs
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE e.account = ${riderAccount(riderUserId)} AND t.kind = 'release'
      AND t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz
    GROUP BY 1`,
  );
  return rows.map((r) => ({ at: r.at, kobo: Number(r.kobo), jobs: Number(r.jobs) }));
}
