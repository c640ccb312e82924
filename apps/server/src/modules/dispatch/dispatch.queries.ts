/**
 * What the rider module asks the dispatch module about dispatches, through index.ts: the board,
 * the rider's own, whether they carry one, and their delivered ones for the earnings.
 */
import type { Executor } from '../../infra/db/client.js';
import { lastReachedAt } from '../order-events/index.js';
import * as repo from './dispatch.repo.js';

export type { DispatchRow } from './dispatch.repo.js';

/** The dispatch with this id, whatever its state. */
export function findDispatch(ex: Executor, id: string): Promise<repo.DispatchRow | undefined> {
  return repo.findDispatch(ex, id);
}

/** Paid dispatches no rider holds yet, oldest paid first (the rider's board). */
export function listOpenDispatches(ex: Executor, limit?: number): Promise<repo.DispatchRow[]> {
  return repo.listOpenDispatches(ex, limit);
}

/** The rider's dispatches, newest first. */
export function listRiderDispatches(ex: Executor, riderUserId: string, limit?: number): Promise<repo.DispatchRow[]> {
  return repo.listRiderDispatches(ex, riderUserId, limit);
}

/**
 * The rider's dispatches accepted or picked up (locked ones too), newest first: asked with every
 * position the rider shares, so only those rows are read, whatever the rider's history.
 */
export function listRiderDispatchesUnderWay(ex: Executor, riderUserId: string): Promise<repo.DispatchRow[]> {
  return repo.listRiderDispatchesUnderWay(ex, riderUserId);
}

/** Whether the rider carries a dispatch that is not delivered, cancelled or locked. */
export function carriesDispatch(ex: Executor, riderUserId: string): Promise<boolean> {
  return repo.carriesDispatch(ex, riderUserId);
}

/**
 * A rider's delivered dispatches with their delivery fee (kobo) and when they were delivered (the
 * status log's last Order Delivered; the dispatch's creation when the log has none).
 */
export async function deliveredDispatches(
  ex: Executor,
  riderUserId: string,
): Promise<{ id: string; deliveryFeeKobo: number; at: Date }[]> {
  const rows = await repo.deliveredDispatchRows(ex, riderUserId);
  const delivered = await lastReachedAt(
    ex,
    rows.map((r) => r.id),
    'Order Delivered',
  );
  return rows.map((r) => ({
    id: r.id,
    deliveryFeeKobo: Number(r.deliveryFeeKobo),
    at: delivered.get(r.id) ?? r.createdAt,
  }));
}

/** The customer's latest paid dispatches, newest first (what support sees beside a chat). */
export function recentPaidDispatches(ex: Executor, customerId: string, limit: number): Promise<repo.DispatchRow[]> {
  return repo.listPaidForUser(ex, customerId, limit);
}
