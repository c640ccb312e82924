/** The payments module's figures for the dashboards (modules/insights): refunds and checkouts in a period. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Refunds of orders asked in [from, to), failed ones aside: how many orders and how much. */
export async function orderRefundsBetween(
  ex: Executor,
  from: Date,
  to: Date,
): Promise<{ orders: number; kobo: number }> {
  const [row] = await queryRows<{ orders: number; kobo: number }>(
    ex,
    sql`
    SELECT count(DISTINCT p.subject_id)::int AS orders, coalesce(sum(r.amount_kobo), 0)::float8 AS kobo
    FROM refunds r JOIN payments p ON p.id = r.payment_id
    WHERE r.state <> 'failed' AND p.purpose IN ('order', 'group_share')
      AND r.created_at >= ${at(from)} AND r.created_at < ${at(to)}`,
  );
  return { orders: Number(row?.orders ?? 0), kobo: Number(row?.kobo ?? 0) };
}

/** Distinct accounts that started paying for an order in [from, to), and those whose payment went through. */
export async function checkoutsBetween(ex: Executor, from: Date, to: Date): Promise<{ started: number; paid: number }> {
  const [row] = await queryRows<{ started: number; paid: number }>(
    ex,
    sql`
    SELECT count(DISTINCT p.user_id)::int AS started,
           count(DISTINCT p.user_id) FILTER (WHERE p.paid_at IS NOT NULL)::int AS paid
    FROM payments p
    WHERE p.purpose IN ('order', 'group_share') AND p.created_at >= ${at(from)} AND p.created_at < ${at(to)}`,
  );
  return { started: Number(row?.started ?? 0), paid: Number(row?.paid ?? 0) };
}
