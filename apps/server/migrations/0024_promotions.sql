-- Promotions (issue 32, decision 0051): codes and automatic offers, funded by the platform or by
-- a shop. A use is reserved at checkout (counted against the limits from then on), made `used`
-- when the payment succeeds, and `released` when it fails or is abandoned, or the order is
-- cancelled or fully refunded. Money in kobo.
CREATE TABLE promotions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  -- Normalised (upper case, no spaces); null: automatic.
  code text CHECK (code IS NULL OR code ~ '^[A-Z0-9-]{3,20}$'),
  kind text NOT NULL CHECK (kind IN ('percent','fixed','delivery')),
  percent integer CHECK (percent BETWEEN 1 AND 100),
  cap_kobo integer CHECK (cap_kobo >= 0),
  amount_kobo integer CHECK (amount_kobo > 0),
  min_spend_kobo integer NOT NULL DEFAULT 0 CHECK (min_spend_kobo >= 0),
  first_order boolean NOT NULL DEFAULT false,
  students_only boolean NOT NULL DEFAULT false,
  vendor_ids uuid[] NOT NULL DEFAULT '{}',
  categories text[] NOT NULL DEFAULT '{}',
  product_ids uuid[] NOT NULL DEFAULT '{}',
  days integer[] NOT NULL DEFAULT '{}',
  -- Lagos minutes of the day; to ≤ from runs past midnight.
  from_minute integer CHECK (from_minute BETWEEN 0 AND 1439),
  to_minute integer CHECK (to_minute BETWEEN 0 AND 1439),
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses integer CHECK (max_uses > 0),
  budget_kobo integer CHECK (budget_kobo > 0),
  per_person integer CHECK (per_person > 0),
  funded_by text NOT NULL CHECK (funded_by IN ('platform','vendor')),
  vendor_id uuid REFERENCES vendors(id),
  active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((funded_by = 'vendor') = (vendor_id IS NOT NULL))
);
-- A code names one promotion, ended ones included (an old code never starts a new offer).
CREATE UNIQUE INDEX promotions_code_idx ON promotions(code) WHERE code IS NOT NULL;
CREATE INDEX promotions_vendor_idx ON promotions(vendor_id, created_at);

CREATE TABLE promotion_uses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  promotion_id uuid NOT NULL REFERENCES promotions(id),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The person's verified phone at checkout, when the operator asks for one (PROMOTIONS_NEED_PHONE).
  phone text,
  target text NOT NULL CHECK (target IN ('items','delivery')),
  discount_kobo integer NOT NULL CHECK (discount_kobo >= 0),
  state text NOT NULL DEFAULT 'reserved' CHECK (state IN ('reserved','used','released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  released_at timestamptz,
  released_reason text,
  UNIQUE (promotion_id, order_id)
);
CREATE INDEX promotion_uses_person_idx ON promotion_uses(promotion_id, user_id) WHERE state <> 'released';
CREATE INDEX promotion_uses_phone_idx ON promotion_uses(promotion_id, phone) WHERE state <> 'released' AND phone IS NOT NULL;
CREATE INDEX promotion_uses_order_idx ON promotion_uses(order_id);

-- Accounts an admin has barred from promotions.
CREATE TABLE promotion_bars (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL DEFAULT '',
  barred_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The order's figures before promotions stay as they were (items, delivery fee: the rider's pay
-- reads the fee); these say what promotions took off, and `amount_kobo` is what was charged.
ALTER TABLE orders
  ADD COLUMN items_discount_kobo integer NOT NULL DEFAULT 0 CHECK (items_discount_kobo >= 0),
  ADD COLUMN delivery_discount_kobo integer NOT NULL DEFAULT 0 CHECK (delivery_discount_kobo >= 0);
-- Per line: what the items promotion took off its price (a refund of the line gives back the
-- rest), and what of any promotion its shop funds (off the shop's earnings before commission).
ALTER TABLE order_items
  ADD COLUMN discount_kobo integer NOT NULL DEFAULT 0 CHECK (discount_kobo >= 0),
  ADD COLUMN shop_funded_kobo integer NOT NULL DEFAULT 0 CHECK (shop_funded_kobo >= 0);
