/**
 * The admin module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigserial, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const roleChanges = pgTable('role_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  actorId: uuid('actor_id'),
  fromRole: text('from_role').notNull(),
  toRole: text('to_role').notNull(),
  reason: text('reason'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
