import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { ledgerEntries, ledgerTransactions } from './ledger.tables.js';
import type { Books, Entry, Posting } from './postings.js';

/** Writes a posting once: false when its key was posted already (a replay, a retry). */
export async function post(ex: Executor, p: Posting): Promise<boolean> {
  const [t] = await ex
    .insert(ledgerTransactions)
    .values({ key: p.key, kind: p.kind })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!t) return false;
  if (p.entries.length) await ex.insert(ledgerEntries).values(p.entries.map((e) => ({ transactionId: t.id, ...e })));
  return true;
}

export async function balance(ex: Executor, account: string): Promise<number> {
  const [row] = await queryRows<{ kobo: string | null }>(
    ex,
    sql`SELECT sum(amount_kobo) AS kobo FROM ledger_entries WHERE account = ${account}`,
  );
  return Number(row?.kobo ?? 0);
}

/** The entries of the posting under `key`; null when nothing was posted under it. */
export async function entriesOf(ex: Executor, key: string): Promise<Entry[] | null> {
  const rows = await ex
    .select({ account: ledgerEntries.account, amountKobo: ledgerEntries.amountKobo, id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.key, key));
  if (!rows.length) return null;
  return rows.filter((r) => r.account !== null).map((r) => ({ account: r.account!, amountKobo: r.amountKobo! }));
}

/** Unbalanced transactions (none, unless something wrote around post()) and every account's balance. */
export async function books(ex: Executor): Promise<Books> {
  const [sums, balances] = await Promise.all([
    queryRows<{ key: string; sum: string }>(
      ex,
      sql`SELECT t.key, sum(e.amount_kobo) AS sum FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          GROUP BY t.key HAVING sum(e.amount_kobo) <> 0`,
    ),
    queryRows<{ account: string; kobo: string }>(
      ex,
      sql`SELECT account, sum(amount_kobo) AS kobo FROM ledger_entries GROUP BY account`,
    ),
  ]);
  return {
    sums: sums.map((s) => ({ key: s.key, sumKobo: Number(s.sum) })),
    balances: new Map(balances.map((b) => [b.account, Number(b.kobo)])),
  };
}
