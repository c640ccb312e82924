/** The payouts module's figures for a vendor's dashboard (modules/insights). */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

/** The shop's payouts asked in [from, to), oldest first. */
export async function shopPayoutsBetween(ex: Executor, vendorId: string, from: Date, to: Date) {
  const rows = await queryRows<{ created_at: Date | string; amount_kobo: number; state: string }>(
    ex,
    sql`
    SELECT p.created_at, p.amount_kobo, p.state FROM payouts p
    WHERE p.vendor_id = ${vendorId}
      AND p.created_at >= ${from.toISOString()}::timestamptz AND p.created_at < ${to.toISOString()}::timestamptz
    ORDER BY p.created_at, p.id`,
  );
  return rows.map((r) => ({ at: new Date(r.created_at), amountKobo: Number(r.amount_kobo), state: r.state }));
}
