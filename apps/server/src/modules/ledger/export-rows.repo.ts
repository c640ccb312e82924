/** The ledger's entries of a period for the CSV exports (modules/exports), by (posted at, entry id). */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { ledgerEntries, ledgerTransactions } from './ledger.tables.js';

export interface LedgerPageQuery {
  from: Date;
  to: Date;
  after: { at: string; id: string } | null;
  limit: number;
}

export function entriesPage(ex: Executor, q: LedgerPageQuery) {
  return ex
    .select({
      id: sql<string>`${ledgerEntries.id}::text`,
      key: ledgerTransactions.key,
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      amountKobo: ledgerEntries.amountKobo,
      createdAt: ledgerTransactions.createdAt,
      cursorAt: sql<string>`${ledgerTransactions.createdAt}::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        gte(ledgerTransactions.createdAt, q.from),
        lt(ledgerTransactions.createdAt, q.to),
        q.after
          ? sql`(${ledgerTransactions.createdAt}, ${ledgerEntries.id}) > (${q.after.at}::timestamptz, ${q.after.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerEntries.id))
    .limit(q.limit);
}
