-- The daily reconciliation against the payment provider (issue 30, decision 0046): for one Lagos
-- day, the provider's transactions, refunds and transfers beside our payments, refunds and
-- payouts. One run per day: running it again (the schedule's retry, an admin) takes the same row
-- over, and its differences are replaced when the new outcome is stored.
CREATE TABLE reconciliation_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  day date NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'admin')),
  -- The admin who asked for it (a scheduled run has none).
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The provider compared with: paystack or sandbox.
  provider text NOT NULL,
  -- Which start may store its outcome: a later start of the same day takes the run over.
  attempt uuid NOT NULL,
  -- Why it failed (the provider's error); nothing is stored of a failed run but this.
  error text,
  -- Counts and kobo on both sides: { charges|refunds|fees: { ours, provider }, transfers: { ours|null, provider } },
  -- each side { count, kobo }.
  summary jsonb,
  difference_count integer NOT NULL DEFAULT 0,
  -- Where the ledger did not agree with the records as the run ended (decision 0045), in English.
  ledger_problems text[] NOT NULL DEFAULT '{}',
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((state = 'failed') = (error IS NOT NULL)),
  CHECK ((state = 'done') = (summary IS NOT NULL))
);

-- One difference of a run: what we have and what the provider has (amount and state; both null
-- on the side that has nothing), and the difference in a sentence (English; the answer says it in
-- the reader's language).
CREATE TABLE reconciliation_differences (
  id bigserial PRIMARY KEY,
  run_id uuid NOT NULL REFERENCES reconciliation_runs(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('charge_missing', 'charge_not_paid', 'charge_amount', 'payment_not_success',
    'refund_unknown', 'refund_missing', 'refund_amount', 'refund_state',
    'transfer_unknown', 'transfer_amount', 'payout_not_success', 'payout_not_paid')),
  -- The payment's or the payout's reference, or our refund's id (the provider's when none is ours).
  reference text NOT NULL,
  -- The payment a refund's difference is about (its reference).
  payment_reference text,
  ours_kobo bigint,
  ours_status text,
  provider_kobo bigint,
  provider_status text,
  note text NOT NULL,
  CHECK ((ours_kobo IS NULL) = (ours_status IS NULL)),
  CHECK ((provider_kobo IS NULL) = (provider_status IS NULL))
);
CREATE INDEX reconciliation_differences_run_idx ON reconciliation_differences(run_id);
