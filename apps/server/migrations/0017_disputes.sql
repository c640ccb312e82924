-- Disputes (issue 30): the customer reports a problem with a delivered order, or one of its items,
-- within DISPUTE_WINDOW_MINUTES of delivery; while one is open the order's shares are not released.
-- Support or an admin settles it: a refund of `refund_kobo` borne by the vendor, the rider or the
-- platform, or a rejection with its reason. One open dispute per order at a time.
CREATE TABLE disputes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  item_id uuid REFERENCES order_items(id) ON DELETE SET NULL,
  customer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('wrong_item', 'missing_item', 'damaged', 'never_arrived')),
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  note text NOT NULL DEFAULT '',
  -- The photo, posted in the order's thread with the report (its URL there).
  photo text,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'refunded', 'rejected')),
  refund_kobo integer CHECK (refund_kobo > 0),
  bearer text CHECK (bearer IN ('vendor', 'rider', 'platform')),
  -- The shop whose share bears a vendor-borne refund.
  bearer_vendor_id uuid,
  resolution text,
  settled_by uuid REFERENCES users(id) ON DELETE SET NULL,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'refunded') = (refund_kobo IS NOT NULL AND bearer IS NOT NULL)),
  CHECK ((bearer = 'vendor') = (bearer_vendor_id IS NOT NULL))
);
CREATE INDEX disputes_order_idx ON disputes(order_id);
CREATE UNIQUE INDEX disputes_open_idx ON disputes(order_id) WHERE state = 'open';
