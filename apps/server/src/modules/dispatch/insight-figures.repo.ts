/** The dispatch module's figures for the dashboards (modules/insights). */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

/** Of the given riders, those carrying a dispatch now (assigned or picked up). */
export async function ridersUnderWay(ex: Executor, riderUserIds: readonly string[]): Promise<string[]> {
  if (!riderUserIds.length) return [];
  const rows = await queryRows<{ rider_id: string }>(
    ex,
    sql`SELECT DISTINCT d.rider_id FROM dispatches d
        WHERE d.rider_id = ANY(${sql.param([...riderUserIds])}::uuid[]) AND d.status IN ('Order Assigned', 'Order Picked')`,
  );
  return rows.map((r) => r.rider_id);
}

/**
 * The rider's dispatches delivered in a period (`delivered`: the status log's subjects delivered in
 * it, with when) and how many of them no later than promised: `promiseMinutes` after payment.
 */
export async function riderDispatchPromises(
  ex: Executor,
  riderUserId: string,
  delivered: SQL,
  promiseMinutes: number,
): Promise<{ delivered: number; onTime: number }> {
  const [row] = await queryRows<{ delivered: number; on_time: number }>(
    ex,
    sql`
    SELECT count(*)::int AS delivered,
           count(*) FILTER (WHERE ev.at <= d.paid_at + make_interval(mins => ${promiseMinutes}::int))::int AS on_time
    FROM ${delivered} ev JOIN dispatches d ON d.id = ev.subject_id
    WHERE d.rider_id = ${riderUserId}`,
  );
  return { delivered: Number(row?.delivered ?? 0), onTime: Number(row?.on_time ?? 0) };
}
