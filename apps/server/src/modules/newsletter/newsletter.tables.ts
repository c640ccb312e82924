/**
 * The newsletter module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
