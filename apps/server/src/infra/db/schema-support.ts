import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** contact_messages with the reply columns added by migration 0004 (schema.ts keeps the original). */
export const contactMessagesWithReply = pgTable('contact_messages', {
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
  createdAt: tz('created_at').notNull().defaultNow(),
});
