/**
 * The order-events module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigserial, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const statusEvents = pgTable('status_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subjectType: text('subject_type', { enum: ['order', 'order_item', 'dispatch'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  status: text('status').notNull(),
  actorId: uuid('actor_id'),
  note: text('note'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
