/**
 * The payouts module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  payeeType: text('payee_type', { enum: ['vendor', 'rider'] }).notNull(),
  vendorId: uuid('vendor_id'),
  amountKobo: integer('amount_kobo').notNull(),
  state: text('state', { enum: ['scheduled', 'processing', 'paid', 'failed'] })
    .notNull()
    .default('scheduled'),
  dueAt: tz('due_at').notNull(),
  paidAt: tz('paid_at'),
  reference: text('reference'),
  provider: text('provider'),
  failureReason: text('failure_reason'),
  /** migrations/0006_portals_transfers.sql */
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankCode: text('bank_code'),
  recipientCode: text('recipient_code'),
  transferCode: text('transfer_code'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
