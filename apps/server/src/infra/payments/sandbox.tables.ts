/**
 * The sandbox payment provider's own ledger (migrations/0002_payments.sql, 0007_payment_attempts.sql).
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../db/columns.js';

export type SandboxStatus = 'ongoing' | 'success' | 'failed' | 'abandoned';

export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  email: text('email').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  callbackUrl: text('callback_url').notNull(),
  status: text('status').$type<SandboxStatus>().notNull().default('ongoing'),
  channel: text('channel'),
  refundedKobo: integer('refunded_kobo').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  paidAt: tz('paid_at'),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  note: text('note').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text('reference').primaryKey(),
  transferCode: text('transfer_code').notNull(),
  recipientCode: text('recipient_code').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  status: text('status').notNull().default('success'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
