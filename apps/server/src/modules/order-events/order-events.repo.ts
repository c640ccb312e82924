import { and, asc, inArray, max, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { statusEvents } from './order-events.tables.js';

export type NewStatusEvent = typeof statusEvents.$inferInsert;

export interface StatusEventRow {
  subjectType: 'order' | 'order_item' | 'dispatch';
  subjectId: string;
  status: string;
  actorId: string | null;
  note: string | null;
  createdAt: Date;
}

export async function insertStatusEvents(ex: Executor, rows: NewStatusEvent[]): Promise<void> {
  if (!rows.length) return;
  await ex.insert(statusEvents).values(rows);
}

/** Every recorded status change of the given subjects, oldest first. */
export async function eventsOf(ex: Executor, subjectIds: readonly string[]): Promise<StatusEventRow[]> {
  if (!subjectIds.length) return [];
  return ex
    .select({
      subjectType: statusEvents.subjectType,
      subjectId: statusEvents.subjectId,
      status: statusEvents.status,
      actorId: statusEvents.actorId,
      note: statusEvents.note,
      createdAt: statusEvents.createdAt,
    })
    .from(statusEvents)
    .where(inArray(statusEvents.subjectId, [...subjectIds]))
    .orderBy(asc(statusEvents.createdAt), asc(statusEvents.id));
}

/** The latest time each of the given subjects reached `status` (subjects that never did are absent). */
export async function lastReached(
  ex: Executor,
  subjectIds: readonly string[],
  status: string,
): Promise<{ subjectId: string; at: Date | null }[]> {
  if (!subjectIds.length) return [];
  return ex
    .select({ subjectId: statusEvents.subjectId, at: max(statusEvents.createdAt) })
    .from(statusEvents)
    .where(and(inArray(statusEvents.subjectId, [...subjectIds]), eq(statusEvents.status, status)))
    .groupBy(statusEvents.subjectId);
}
