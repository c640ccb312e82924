/**
 * The reconciliation module's tables: only this module reads or writes them; others ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import type { DifferenceKind, ReconciliationState } from '@jara/shared';
import { bigint, bigserial, date, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

/** How many and how many kobo, on one side of a run's summary. */
export interface TallyKobo {
  count: number;
  kobo: number;
}
export interface SummaryKobo {
  charges: { ours: TallyKobo; provider: TallyKobo };
  refunds: { ours: TallyKobo; provider: TallyKobo };
  /** `ours` is null when our payouts could not be read (no PayoutRecords given). */
  transfers: { ours: TallyKobo | null; provider: TallyKobo };
  fees: { ours: TallyKobo; provider: TallyKobo };
}

/** migrations/0019_reconciliation.sql */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The Lagos day, YYYY-MM-DD. */
  day: date('day').notNull().unique(),
  state: text('state').$type<ReconciliationState>().notNull().default('running'),
  trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
  requestedBy: uuid('requested_by'),
  provider: text('provider').notNull(),
  attempt: uuid('attempt').notNull(),
  error: text('error'),
  summary: jsonb('summary').$type<SummaryKobo>(),
  differenceCount: integer('difference_count').notNull().default(0),
  ledgerProblems: text('ledger_problems').array().notNull().default([]),
  startedAt: tz('started_at').notNull().defaultNow(),
  finishedAt: tz('finished_at'),
});

export const reconciliationDifferences = pgTable('reconciliation_differences', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runId: uuid('run_id').notNull(),
  kind: text('kind').$type<DifferenceKind>().notNull(),
  reference: text('reference').notNull(),
  /** The payment a refund difference is about. */
  paymentReference: text('payment_reference'),
  oursKobo: bigint('ours_kobo', { mode: 'number' }),
  oursStatus: text('ours_status'),
  providerKobo: bigint('provider_kobo', { mode: 'number' }),
  providerStatus: text('provider_status'),
  note: text('note').notNull(),
});
