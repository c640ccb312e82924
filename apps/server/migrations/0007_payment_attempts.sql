-- The payment provider is called between two short transactions (decision 0008): an attempt is
-- 'initializing' from the moment it is recorded until the provider's answer is stored.
ALTER TABLE payments DROP CONSTRAINT payments_state_check;
ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('initializing','awaiting','paid','failed','abandoned'));
-- Reconciliation looks at attempts still open, whether or not the provider's answer was stored.
DROP INDEX payments_awaiting_idx;
CREATE INDEX payments_open_idx ON payments(created_at) WHERE state IN ('initializing','awaiting');

-- When a refund was first sent to the provider: a retry asks the provider for it before sending
-- it again, so a refund whose answer was lost (timeout, crash) is not paid twice.
ALTER TABLE refunds ADD COLUMN sent_at timestamptz;

-- The sandbox provider keeps refunds and transfers in its ledger, so it can be asked about them
-- as Paystack can (list refunds, verify a transfer by reference).
CREATE TABLE sandbox_refunds (
  id text PRIMARY KEY,
  reference text NOT NULL REFERENCES sandbox_transactions(reference),
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_refunds_reference_idx ON sandbox_refunds(reference);
CREATE TABLE sandbox_transfers (
  reference text PRIMARY KEY,
  transfer_code text NOT NULL UNIQUE,
  recipient_code text NOT NULL,
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL DEFAULT 'success',
  created_at timestamptz NOT NULL DEFAULT now()
);
