-- Arrival estimates (issue 28). A vendor says how long it takes to prepare an order: whole
-- minutes, 15 by default, so every shop has an estimate from the first order.
ALTER TABLE vendors ADD COLUMN preparation_minutes integer NOT NULL DEFAULT 15
  CHECK (preparation_minutes BETWEEN 5 AND 120);

-- Each delivery's estimate from pickup to door, written when the rider picks up, and the times it
-- really took: the calibration of the road speeds and the admin's view of the estimate's accuracy
-- read them. road_minutes is the road time alone before calibration; predicted_minutes is what
-- the customer was told (calibrated, with the drop-off handling).
CREATE TABLE eta_records (
  job_kind text NOT NULL CHECK (job_kind IN ('order', 'dispatch')),
  job_id uuid NOT NULL,
  road_minutes double precision NOT NULL CHECK (road_minutes >= 0),
  predicted_minutes double precision NOT NULL CHECK (predicted_minutes >= 0),
  picked_up_at timestamptz NOT NULL,
  delivered_at timestamptz,
  PRIMARY KEY (job_kind, job_id)
);
-- Calibration reads the latest delivered records.
CREATE INDEX eta_records_delivered_idx ON eta_records(delivered_at DESC) WHERE delivered_at IS NOT NULL;
