/**
 * The disputes as staff read them outside a thread (through index.ts): the queue of one state, and
 * the dispute a refund names by its short id. Each takes the caller's executor. The SQL is in
 * queue.repo.ts.
 */
import type { DisputeState } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import * as repo from './queue.repo.js';

/** Open disputes oldest first (the queue), settled ones newest first; at most 200. */
export function disputeQueue(ex: Executor, state: DisputeState) {
  return repo.disputesInState(ex, state, 200);
}

/**
 * The ids of the disputes refunds name as `Dispute <first 8 of its id> on order <order id>`,
 * keyed `<order id>:<short id>`.
 */
export async function disputesNamed(
  ex: Executor,
  named: readonly { ref: string; orderId: string }[],
): Promise<Map<string, string>> {
  const rows = await repo.disputeIdsOfOrders(ex, [...new Set(named.map((n) => n.orderId))]);
  return new Map(rows.map((r) => [`${r.orderId}:${r.id.slice(0, 8)}`, r.id]));
}
