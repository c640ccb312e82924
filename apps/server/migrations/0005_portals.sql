-- Vendor, rider and admin portals: payouts, ratings, home banners, the audit of role changes,
-- drop-off waits (the rider's 5-minute timer) and indexes for the job board and vendor orders.

CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  payee_type text NOT NULL CHECK (payee_type IN ('vendor','rider')),
  vendor_id uuid REFERENCES vendors(id),
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled','paid','failed')),
  due_at timestamptz NOT NULL,
  paid_at timestamptz,
  reference text UNIQUE,
  provider text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payouts_user_idx ON payouts(user_id, created_at DESC);

CREATE TABLE ratings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject_type text NOT NULL CHECK (subject_type IN ('order','dispatch')),
  subject_id uuid NOT NULL,
  rider_id uuid NOT NULL REFERENCES users(id),
  customer_id uuid NOT NULL REFERENCES users(id),
  stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subject_type, subject_id)
);
CREATE INDEX ratings_rider_idx ON ratings(rider_id);

CREATE TABLE banners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  image text NOT NULL,
  headline text NOT NULL,
  text text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '/',
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_changes (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  from_role text NOT NULL,
  to_role text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX role_changes_user_idx ON role_changes(user_id, created_at DESC);

CREATE TABLE drop_off_waits (
  subject_type text NOT NULL CHECK (subject_type IN ('order','dispatch')),
  subject_id uuid NOT NULL,
  rider_id uuid NOT NULL REFERENCES users(id),
  arrived_at timestamptz NOT NULL DEFAULT now(),
  absent_reported_at timestamptz,
  PRIMARY KEY (subject_type, subject_id)
);

ALTER TABLE vendors ADD COLUMN IF NOT EXISTS place_id text;

CREATE INDEX IF NOT EXISTS orders_open_jobs_idx ON orders(paid_at) WHERE rider_id IS NULL AND payment_state = 'paid';
CREATE INDEX IF NOT EXISTS orders_rider_idx ON orders(rider_id, created_at DESC) WHERE rider_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS order_items_vendor_status_idx ON order_items(vendor_id, status);
