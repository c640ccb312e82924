/**
 * The chat module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

/** A support conversation (one per customer) or an order thread (one per order or dispatch). */
export const chats = pgTable('chats', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The customer of the support conversation, or of the order or dispatch of a thread. */
  customerId: uuid('customer_id').notNull(),
  kind: text('kind', { enum: ['support', 'order', 'dispatch'] })
    .notNull()
    .default('support'),
  /** The order or dispatch of a thread; null for a support conversation. */
  subjectId: uuid('subject_id'),
  /** When the customer asked support into the thread. */
  helpAt: tz('help_at'),
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

/** The people of a thread, for their lists of threads (access is decided from the order or dispatch). */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['customer', 'vendor', 'rider'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);
