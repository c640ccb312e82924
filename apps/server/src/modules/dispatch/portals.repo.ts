import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';

export interface AdminDispatchRecord {
  id: string;
  created_at: Date;
  paid_at: Date | null;
  payment_state: string;
  status: string;
  amount_kobo: number;
  is_express: boolean;
  user_id: string;
  rider_id: string | null;
  locked_at: Date | null;
  pickup: Record<string, unknown>;
  dropoff: Record<string, unknown>;
}

/**
 * Dispatches past the payment page, newest first, at most 300. `match`: the id matches the ILIKE
 * pattern or the dispatch is one of these senders'.
 */
export async function adminDispatches(
  ex: Executor,
  f: { match?: { pattern: string; userIds: string[] }; status?: string; from?: string; to?: string },
): Promise<AdminDispatchRecord[]> {
  return queryRows<AdminDispatchRecord>(
    ex,
    sql`
    SELECT d.id, d.created_at, d.paid_at, d.payment_state, d.status, d.amount_kobo, d.is_express, d.user_id,
           d.rider_id, d.locked_at, d.pickup, d.dropoff
    FROM dispatches d
    WHERE d.payment_state <> 'awaiting'
      ${f.status ? sql`AND d.status = ${f.status}` : sql``}
      ${
        f.match
          ? sql`AND (d.id::text ILIKE ${f.match.pattern}
                 OR d.user_id IN (SELECT value::uuid FROM json_array_elements_text(${JSON.stringify(f.match.userIds)}::json)))`
          : sql``
      }
      ${f.from ? sql`AND d.created_at >= ${f.from}::date` : sql``}
      ${f.to ? sql`AND d.created_at < (${f.to}::date + 1)` : sql``}
    ORDER BY d.created_at DESC LIMIT 300`,
  );
}
