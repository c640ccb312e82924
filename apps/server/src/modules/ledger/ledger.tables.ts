/**
 * The ledger module's tables: only this module reads or writes them; other modules post through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigint, bigserial, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';
import type { LedgerKind } from './postings.js';

/** migrations/0018_ledger.sql */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  kind: text('kind').$type<LedgerKind>().notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transactionId: uuid('transaction_id').notNull(),
  account: text('account').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
});
