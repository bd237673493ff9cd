-- The job queue's table (platform/jobs.ts): on PGlite every job, on PostgreSQL the jobs sent while pg-boss was not
-- running. A row is claimed (status 'active', run_at = the end of its lease), deleted when its run succeeds, and on a
-- failure queued again after its back-off or kept as 'failed' once its attempts are spent.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  queue text NOT NULL,
  data jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  expire_seconds integer NOT NULL DEFAULT 120,
  run_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status IN ('queued', 'active');
