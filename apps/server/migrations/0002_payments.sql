-- Checkout and payments: the sandbox provider's ledger and the indexes checkout needs.
CREATE TABLE sandbox_transactions (
  reference text PRIMARY KEY,
  email text NOT NULL,
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL DEFAULT 'NGN',
  callback_url text NOT NULL,
  status text NOT NULL DEFAULT 'ongoing' CHECK (status IN ('ongoing','success','failed','abandoned')),
  channel text,
  refunded_kobo integer NOT NULL DEFAULT 0 CHECK (refunded_kobo >= 0 AND refunded_kobo <= amount_kobo),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);

-- Reconciliation looks only at payments still awaiting.
CREATE INDEX payments_awaiting_idx ON payments(created_at) WHERE state = 'awaiting';
CREATE INDEX refunds_payment_idx ON refunds(payment_id);
CREATE INDEX webhook_events_reference_idx ON webhook_events(reference);
-- My Orders: a customer's paid orders, newest first.
CREATE INDEX orders_user_paid_idx ON orders(user_id, paid_at DESC) WHERE payment_state = 'paid';
ALTER TABLE payments ADD CONSTRAINT payments_refund_bounds CHECK (refunded_kobo >= 0 AND refunded_kobo <= amount_kobo);
ALTER TABLE payments ADD CONSTRAINT payments_amount_positive CHECK (amount_kobo > 0);
