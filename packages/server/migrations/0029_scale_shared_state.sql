-- State app nodes share (several nodes: nothing another node needs stays in one process).
--
-- Image variants are made once across app nodes: the node that runs an asset's variant job claims it for a while
-- (a lease); another node (a duplicate job, a restart's resume) skips it until the lease ends, so a node killed
-- mid-job is taken over once its lease has passed.
ALTER TABLE file_assets ADD COLUMN variants_claimed_until timestamptz;

-- Open visits of the tracking rollups (a visit ends after 30 idle minutes), shared by every app node: a visitor's
-- page views may reach any node, and each batch reads and updates its sessions in its own transaction.
CREATE TABLE tracking_sessions (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  session text NOT NULL,
  start_day text NOT NULL,
  last_path text NOT NULL,
  last_day text NOT NULL,
  last_at timestamptz NOT NULL,
  views integer NOT NULL,
  attrs jsonb NOT NULL,
  PRIMARY KEY (site_id, session)
);
CREATE INDEX tracking_sessions_last_at_idx ON tracking_sessions (last_at);
