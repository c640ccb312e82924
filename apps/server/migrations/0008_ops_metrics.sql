-- The operator's metrics read these at every scrape: keep the reads on small indexes rather than
-- scanning every job and payment ever made.
CREATE INDEX IF NOT EXISTS jobs_failed_idx ON jobs(kind) WHERE failed_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS payments_created_idx ON payments(created_at);
