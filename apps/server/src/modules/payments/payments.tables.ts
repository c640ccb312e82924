/**
 * The payments module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigserial, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export type PaymentState = 'awaiting' | 'paid' | 'failed' | 'abandoned';

/** A payment attempt is `initializing` until the provider's answer is stored (migrations/0007_payment_attempts.sql). */
export type AttemptState = 'initializing' | PaymentState;

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['order', 'dispatch', 'group_share'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  provider: text('provider').notNull(),
  state: text('state').$type<AttemptState>().notNull().default('awaiting'),
  refundedKobo: integer('refunded_kobo').notNull().default(0),
  providerData: jsonb('provider_data'),
  createdAt: tz('created_at').notNull().defaultNow(),
  paidAt: tz('paid_at'),
});

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  reason: text('reason').notNull(),
  state: text('state', { enum: ['pending', 'processed', 'failed'] })
    .notNull()
    .default('pending'),
  providerRef: text('provider_ref'),
  /** First time the request may have reached the provider (migrations/0007_payment_attempts.sql). */
  sentAt: tz('sent_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  processedAt: tz('processed_at'),
});

export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  event: text('event'),
  reference: text('reference'),
  outcome: text('outcome').notNull(),
  body: jsonb('body'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
