-- Group orders (issue 31, decision 0049): roommates build one order to one address, each paying
-- their own share. A group is `open` (joining, adding), `paying` (closed by its host: each share
-- fixed and paid on its own), then `placed` (one ordinary order with the paid shares' items) or
-- `cancelled`. `order_id` is the order it becomes, chosen when the group opens: the members'
-- payments name it as their subject, so their money is held for that order from the start.
CREATE TABLE group_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  host_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id uuid NOT NULL UNIQUE,
  token text NOT NULL UNIQUE,
  address_id uuid NOT NULL,
  address jsonb NOT NULL,
  vendor_ids uuid[] NOT NULL,
  delivery_note text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open','paying','placed','cancelled')),
  ended text CHECK (ended IN ('cancelled_by_host','nobody_paid','not_closed')),
  cut_off_at timestamptz NOT NULL,
  delivery_fee_kobo integer CHECK (delivery_fee_kobo >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  placed_at timestamptz
);
-- The cut-off sweep: groups still open or paying, by when they are due.
CREATE INDEX group_orders_due_idx ON group_orders(cut_off_at) WHERE state IN ('open','paying');
CREATE INDEX group_orders_host_idx ON group_orders(host_id, created_at);

-- A member's share (items, part of the delivery fee, service fee, total) is fixed when the host
-- closes the group; null before, and for a member with nothing to pay for.
CREATE TABLE group_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES group_orders(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'joined' CHECK (state IN ('joined','paid','dropped')),
  items_kobo integer CHECK (items_kobo >= 0),
  delivery_share_kobo integer CHECK (delivery_share_kobo >= 0),
  service_fee_kobo integer CHECK (service_fee_kobo >= 0),
  amount_kobo integer CHECK (amount_kobo > 0),
  payment_id uuid,
  paid_at timestamptz,
  UNIQUE (group_id, user_id),
  CHECK ((state = 'paid') = (payment_id IS NOT NULL))
);
CREATE INDEX group_members_user_idx ON group_members(user_id);

-- A member's lines, merged by product and option; the name and price are the catalogue's until
-- the group closes, then fixed (the order's items are copied from them).
CREATE TABLE group_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES group_orders(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES group_members(id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  option_id uuid NOT NULL,
  vendor_id uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  product_name text,
  option_name text,
  image text,
  unit_price_kobo integer CHECK (unit_price_kobo >= 0),
  added_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, product_id, option_id)
);
CREATE INDEX group_items_group_idx ON group_items(group_id);

-- A member's share is a payment of its own, for the group's order.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('order','dispatch','group_share'));

-- Who paid for an order's item when it is not the order's customer: the group member whose share
-- it was (its refunds go back to that member's payment). Null: the order's customer.
ALTER TABLE order_items ADD COLUMN payer_id uuid;
