/**
 * The ledger's invariant against the records (decision 0045), for the fault suite's checker and
 * the tests: checkBooks over the books and the records' sums (as the daily reconciliation checks
 * them), and every record since the ledger began posted. Returns the violations as sentences.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../src/infra/db/client.js';
import { books, checkBooks } from '../src/modules/ledger/index.js';
import { chargedAndRefundedKobo } from '../src/modules/payments/index.js';
import { paidOutKobo } from '../src/modules/payouts/index.js';

/** Records since the ledger began that it has not posted. */
async function unposted(ex: Executor): Promise<string[]> {
  const rows = await queryRows<{ what: string }>(
    ex,
    sql`WITH began AS (SELECT created_at FROM ledger_transactions WHERE key = 'opening')
    SELECT 'payment ' || p.reference || ' is paid without its charge in the ledger' AS what FROM payments p, began
      WHERE p.state = 'paid' AND p.paid_at > began.created_at
        AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.key = 'charge:' || p.id)
    UNION ALL
    SELECT 'refund ' || r.id || ' is not in the ledger' FROM refunds r, began
      WHERE r.created_at > began.created_at
        AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.key = 'refund:' || r.id)
    UNION ALL
    SELECT 'refund ' || r.id || ' is ' || r.state || ' without its outcome in the ledger' FROM refunds r, began
      WHERE r.state <> 'pending' AND r.created_at > began.created_at
        AND NOT EXISTS (SELECT 1 FROM ledger_transactions t
          WHERE t.key = CASE r.state WHEN 'processed' THEN 'refund-processed:' ELSE 'refund-failed:' END || r.id)
    UNION ALL
    SELECT 'payout ' || o.id || ' is paid without its transfer in the ledger' FROM payouts o, began
      WHERE o.state = 'paid' AND o.paid_at > began.created_at
        AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.key = 'payout:' || o.id)
    UNION ALL
    SELECT 'payout ' || o.id || ' was paid twice in the ledger' FROM payouts o
      WHERE (SELECT count(*) FROM ledger_transactions t WHERE t.key = 'payout:' || o.id)
          - (SELECT count(*) FROM ledger_transactions t WHERE t.key = 'payout-reversed:' || o.id)
          > CASE o.state WHEN 'paid' THEN 1 ELSE 0 END`,
  );
  return rows.map((r) => r.what);
}

export async function checkLedger(ex: Executor): Promise<string[]> {
  const [b, money, transfersKobo, missing] = await Promise.all([
    books(ex),
    chargedAndRefundedKobo(ex),
    paidOutKobo(ex),
    unposted(ex),
  ]);
  return [...checkBooks(b, { ...money, transfersKobo }), ...missing];
}
