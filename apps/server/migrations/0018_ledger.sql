-- The ledger (issue 30, decision 0045): every kobo that moves, as double-entry records. A
-- transaction is one money event (a charge, the provider's fee, a refund asked / processed /
-- failed, a release at delivery, a payout paid or reversed), named by a key that makes posting it
-- twice impossible; its entries sum to zero. Debits are positive, credits negative: `cash` (the
-- money at the provider) and `fees` carry debit balances; what is owed (held for a customer,
-- a vendor's or rider's share, refunds on their way) and the platform's revenue carry credits.
CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('opening', 'charge', 'fee', 'refund', 'refund_processed', 'refund_failed', 'release', 'payout', 'payout_reversed')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions(id) ON DELETE CASCADE,
  -- cash, fees, platform, refunds:pending, held:order:<id>, held:dispatch:<id>, vendor:<id>, rider:<user id>
  account text NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0)
);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries(transaction_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries(account);

-- The opening balance: what the records say was at the provider, and refunds on their way, when
-- the ledger began (nothing on a new database). Paid charges, processed refunds and paid payouts
-- from then on are posted one by one.
INSERT INTO ledger_transactions (key, kind) VALUES ('opening', 'opening');
INSERT INTO ledger_entries (transaction_id, account, amount_kobo)
SELECT t.id, e.account, e.amount_kobo
FROM ledger_transactions t,
  (SELECT (SELECT coalesce(sum(amount_kobo), 0) FROM payments WHERE state = 'paid')
        - (SELECT coalesce(sum(amount_kobo), 0) FROM refunds WHERE state = 'processed')
        - (SELECT coalesce(sum(amount_kobo), 0) FROM payouts WHERE state = 'paid') AS cash,
          (SELECT coalesce(sum(amount_kobo), 0) FROM refunds WHERE state = 'pending') AS pending) b,
  LATERAL (VALUES ('cash', b.cash), ('refunds:pending', -b.pending), ('opening', b.pending - b.cash)) AS e(account, amount_kobo)
WHERE t.key = 'opening' AND e.amount_kobo <> 0;
