-- Dispatch lifecycle: indexes for the riders' job board and a rider's own jobs, and a guard
-- that a dispatch's status is one of the known names.
CREATE INDEX IF NOT EXISTS dispatches_open_jobs_idx ON dispatches(paid_at)
  WHERE rider_id IS NULL AND status = 'Order Placed' AND payment_state = 'paid';
CREATE INDEX IF NOT EXISTS dispatches_rider_idx ON dispatches(rider_id, created_at DESC) WHERE rider_id IS NOT NULL;
ALTER TABLE dispatches ADD CONSTRAINT dispatches_status_check CHECK (status IN (
  'Order Placed', 'Order Confirmed', 'Order Assigned', 'Order Picked', 'Order Delivered', 'Order Cancelled'));
ALTER TABLE dispatches ADD CONSTRAINT dispatches_code_attempts_check CHECK (code_attempts >= 0);
