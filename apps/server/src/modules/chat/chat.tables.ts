/**
 * The chat module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const chats = pgTable('chats', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().unique(),
  status: text('status', { enum: ['open', 'resolved'] })
    .notNull()
    .default('open'),
  lastMessageAt: tz('last_message_at').notNull().defaultNow(),
  lastCustomerEmailAt: tz('last_customer_email_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const chatMessages = pgTable('chat_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  chatId: uuid('chat_id').notNull(),
  senderId: uuid('sender_id').notNull(),
  senderName: text('sender_name').notNull(),
  body: text('body').notNull().default(''),
  mediaKey: text('media_key'),
  mediaType: text('media_type'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: uuid('chat_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastReadAt: tz('last_read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);
