/**
 * Pieces of SQL over the status log for the dashboards' aggregates (modules/insights), written here
 * because only this module names its table: the other modules' statements embed them, so each
 * dashboard figure stays one statement.
 */
import { sql, type SQL } from 'drizzle-orm';

type SubjectType = 'order' | 'order_item' | 'dispatch';

/** The first time the subject (an SQL expression of its id) reached `status`, by `actorId` when given; NULL if never. */
export const firstReachedSql = (subjectId: SQL, status: string, actorId?: SQL): SQL =>
  sql`(SELECT min(e.created_at) FROM status_events e
       WHERE e.subject_id = ${subjectId} AND e.status = ${status}${actorId ? sql` AND e.actor_id = ${actorId}` : sql``})`;

/** A row (found = true, actor_id) of the subject's latest 'Order Cancelled' event: for LEFT JOIN LATERAL … ON true. */
export const cancelEventSql = (subjectId: SQL): SQL =>
  sql`(SELECT true AS found, e.actor_id FROM status_events e
       WHERE e.subject_id = ${subjectId} AND e.status = 'Order Cancelled'
       ORDER BY e.created_at DESC, e.id DESC LIMIT 1)`;

/** The subjects of a type that reached `status` in [from, to), with the first time they did (subject_id, at). */
export const reachedBetweenSql = (subjectType: SubjectType, status: string, from: Date, to: Date): SQL =>
  sql`(SELECT e.subject_id, min(e.created_at) AS at FROM status_events e
       WHERE e.status = ${status} AND e.subject_type = ${subjectType}
         AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz
       GROUP BY e.subject_id)`;
