-- The dashboards (issue 33): what their figures need that nothing recorded yet, and the indexes
-- their aggregates read by.

-- A rider's time online: one row per shift, opened when the rider goes online and closed when they
-- go offline (or are set offline). At most one open shift per rider.
CREATE TABLE rider_shifts (
  id bigserial PRIMARY KEY,
  rider_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE UNIQUE INDEX rider_shifts_open_idx ON rider_shifts(rider_id) WHERE ended_at IS NULL;
CREATE INDEX rider_shifts_rider_idx ON rider_shifts(rider_id, started_at);
-- Riders online when this runs start their shift now.
INSERT INTO rider_shifts (rider_id, started_at) SELECT user_id, now() FROM riders WHERE is_online;

-- The Lagos days on which a logged-in user synced a cart with something in it (the funnel's "cart").
CREATE TABLE cart_days (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  PRIMARY KEY (day, user_id)
);

-- Orders paid, by when they were placed (every dashboard's period).
CREATE INDEX orders_placed_paid_idx ON orders(created_at) WHERE paid_at IS NOT NULL;
-- Status changes reached in a period (orders delivered in it).
CREATE INDEX status_events_status_time_idx ON status_events(status, created_at);
CREATE INDEX refunds_created_idx ON refunds(created_at);
CREATE INDEX disputes_created_idx ON disputes(created_at);
CREATE INDEX ledger_transactions_kind_time_idx ON ledger_transactions(kind, created_at);

-- When an order's last shop confirmed, its last pick-up and its delivery (the latest of its lines'
-- changes to each status, as the status log has them): the dashboards' delivery times read these
-- instead of joining the status log to the lines, which cost most of a 30-day answer at 100,000
-- orders (bench/insights.ts). Kept by the orders module as its lines move (orders.repo.ts).
ALTER TABLE orders ADD COLUMN confirmed_at timestamptz, ADD COLUMN picked_at timestamptz,
  ADD COLUMN delivered_at timestamptz;
UPDATE orders o SET confirmed_at = m.confirmed, picked_at = m.picked, delivered_at = m.delivered
FROM (SELECT i.order_id,
             max(e.created_at) FILTER (WHERE e.status = 'Order Confirmed') AS confirmed,
             max(e.created_at) FILTER (WHERE e.status = 'Order Picked') AS picked,
             max(e.created_at) FILTER (WHERE e.status = 'Order Delivered') AS delivered
      FROM status_events e JOIN order_items i ON i.id = e.subject_id
      WHERE e.subject_type = 'order_item' AND e.status IN ('Order Confirmed', 'Order Picked', 'Order Delivered')
      GROUP BY i.order_id) m
WHERE m.order_id = o.id;
CREATE INDEX orders_delivered_idx ON orders(delivered_at) WHERE delivered_at IS NOT NULL;
-- The exports read paid orders by when they were paid (modules/exports).
CREATE INDEX orders_paid_at_idx ON orders(paid_at) WHERE paid_at IS NOT NULL;
