-- Deliveries batched by hall (issue 31, decision 0048). `batch_save`: the customer chose
-- "Batch & save" (a discounted delivery fee for up to BATCH_WAIT_MINUTES more); `tier_fee_kobo`:
-- the delivery fee before that discount. `ready_at`: when the order's shops had all confirmed
-- (it reached the riders, or began its wait for a partner). Orders with the same `batch_id` are
-- one rider's job; `rider_basis_kobo` is the delivery fee the rider's share of this drop is
-- taken from, fixed when a rider takes the job (null: the order's own delivery fee).
ALTER TABLE orders ADD COLUMN batch_save boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN tier_fee_kobo integer;
ALTER TABLE orders ADD COLUMN ready_at timestamptz;
ALTER TABLE orders ADD COLUMN batch_id uuid;
ALTER TABLE orders ADD COLUMN rider_basis_kobo integer CHECK (rider_basis_kobo >= 0);
CREATE INDEX orders_batch_id_idx ON orders(batch_id) WHERE batch_id IS NOT NULL;
-- When a rider took the order: a trip's rider-minutes run from it to its last drop (the
-- `jara_rider_minutes_per_order` metric).
ALTER TABLE orders ADD COLUMN assigned_at timestamptz;
