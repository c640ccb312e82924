import type { Executor } from '../../infra/db/client.js';
import { queueStatusPush } from '../push/index.js';
import {
  eventsOf,
  insertStatusEvents,
  lastReached,
  type NewStatusEvent,
  type StatusEventRow,
} from './order-events.repo.js';

export type { StatusEventRow } from './order-events.repo.js';

/** Records who moved which subjects to which status, and when (DESIGN §3), with the push job that tells the customer. */
export async function recordStatusEvents(
  ex: Executor,
  subjectType: 'order' | 'order_item' | 'dispatch',
  subjectIds: string[],
  status: string,
  actorId: string | null,
  note?: string | null,
): Promise<void> {
  if (!subjectIds.length) return;
  await insertStatusEvents(
    ex,
    subjectIds.map((subjectId) => ({ subjectType, subjectId, status, actorId, note: note ?? null })),
  );
  await queueStatusPush(ex, { subjectType, subjectIds, status, actorId, note: note ?? null });
}

/**
 * Records changes of several statuses in one statement and, in the same transaction, one push
 * job per status (an order paid and its items placed together).
 */
export async function recordStatusChanges(ex: Executor, rows: NewStatusEvent[]): Promise<void> {
  if (!rows.length) return;
  await insertStatusEvents(ex, rows);
  const groups = new Map<
    string,
    {
      subjectType: NewStatusEvent['subjectType'];
      subjectIds: string[];
      status: string;
      actorId: string | null;
      note: string | null;
    }
  >();
  for (const r of rows) {
    const key = JSON.stringify([r.subjectType, r.status, r.actorId ?? null, r.note ?? null]);
    const g =
      groups.get(key) ??
      groups
        .set(key, {
          subjectType: r.subjectType,
          subjectIds: [],
          status: r.status,
          actorId: r.actorId ?? null,
          note: r.note ?? null,
        })
        .get(key)!;
    g.subjectIds.push(r.subjectId);
  }
  for (const g of groups.values()) await queueStatusPush(ex, g);
}

/** Every recorded status change of the given subjects (orders, their items, dispatches), oldest first. */
export function statusEventsOf(ex: Executor, subjectIds: readonly string[]): Promise<StatusEventRow[]> {
  return eventsOf(ex, subjectIds);
}

/** When each of the given subjects last reached `status`; subjects that never did are absent. */
export async function lastReachedAt(
  ex: Executor,
  subjectIds: readonly string[],
  status: string,
): Promise<Map<string, Date>> {
  const rows = await lastReached(ex, subjectIds, status);
  return new Map(rows.flatMap((r) => (r.at ? [[r.subjectId, r.at] as const] : [])));
}
