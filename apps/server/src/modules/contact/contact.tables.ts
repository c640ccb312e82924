/**
 * The contact module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@jara/shared';
import { tz } from '../../infra/db/columns.js';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  attachmentKey: text('attachment_key'),
  attachmentType: text('attachment_type'),
  repliedAt: tz('replied_at'),
  replyText: text('reply_text'),
  repliedBy: uuid('replied_by'),
  /** The language the sender wrote in: the reply is written in it (migration 0014). */
  language: text('language').$type<Language>().notNull().default('en'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
