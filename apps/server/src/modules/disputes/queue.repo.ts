import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DisputeState } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { disputes } from './disputes.tables.js';

/** Disputes in one state: open ones oldest first (the queue), settled ones newest first; at most `limit`. */
export function disputesInState(ex: Executor, state: DisputeState, limit: number) {
  return ex
    .select()
    .from(disputes)
    .where(eq(disputes.state, state))
    .orderBy(state === 'open' ? asc(disputes.createdAt) : desc(disputes.createdAt))
    .limit(limit);
}

/** The ids of the disputes about these orders. */
export function disputeIdsOfOrders(ex: Executor, orderIds: readonly string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return ex
    .select({ id: disputes.id, orderId: disputes.orderId })
    .from(disputes)
    .where(inArray(disputes.orderId, [...orderIds]));
}
