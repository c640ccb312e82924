import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { reconciliationDifferences, reconciliationRuns, type SummaryKobo } from './reconciliation.tables.js';

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type DifferenceRow = typeof reconciliationDifferences.$inferSelect;

/**
 * Starts the day's run, or takes the day's run over: running, a new attempt, its earlier outcome
 * (summary, error, differences) gone. Answers the run with the attempt that may store the outcome.
 */
export async function startRun(
  ex: Executor,
  values: { day: string; trigger: 'schedule' | 'admin'; requestedBy: string | null; provider: string; attempt: string },
): Promise<RunRow> {
  const [row] = await ex
    .insert(reconciliationRuns)
    .values({ ...values, state: 'running' })
    .onConflictDoUpdate({
      target: reconciliationRuns.day,
      set: {
        state: 'running',
        trigger: values.trigger,
        requestedBy: values.requestedBy,
        provider: values.provider,
        attempt: values.attempt,
        error: null,
        summary: null,
        differenceCount: 0,
        startedAt: sql`now()`,
        finishedAt: null,
      },
    })
    .returning();
  await ex.delete(reconciliationDifferences).where(eq(reconciliationDifferences.runId, row!.id));
  return row!;
}

/** Settles the run with its outcome, if `attempt` is still the run's (a later start took it over otherwise). */
export async function finishRun(
  ex: Executor,
  id: string,
  attempt: string,
  outcome: { state: 'done'; summary: SummaryKobo; differenceCount: number } | { state: 'failed'; error: string },
): Promise<RunRow | undefined> {
  const [row] = await ex
    .update(reconciliationRuns)
    // A run taken over starts with no ledger problems; a done one sets its own (setLedgerProblems).
    .set({ ...outcome, ledgerProblems: [], finishedAt: sql`now()` })
    .where(and(eq(reconciliationRuns.id, id), eq(reconciliationRuns.attempt, attempt)))
    .returning();
  return row;
}

/** What a finished run found of the ledger against the records (none: the books balance). */
export async function setLedgerProblems(ex: Executor, id: string, ledgerProblems: string[]): Promise<void> {
  await ex.update(reconciliationRuns).set({ ledgerProblems }).where(eq(reconciliationRuns.id, id));
}

export async function insertDifferences(
  ex: Executor,
  rows: (typeof reconciliationDifferences.$inferInsert)[],
): Promise<void> {
  if (rows.length) await ex.insert(reconciliationDifferences).values(rows);
}

/** The latest runs, newest day first. */
export function listRuns(ex: Executor, limit: number): Promise<RunRow[]> {
  return ex.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.day)).limit(limit);
}

export async function findRun(ex: Executor, id: string): Promise<RunRow | undefined> {
  const [row] = await ex.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row;
}

/** A run's differences in the order they were found. */
export function differencesOf(ex: Executor, runId: string): Promise<DifferenceRow[]> {
  return ex
    .select()
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.runId, runId))
    .orderBy(asc(reconciliationDifferences.id));
}
