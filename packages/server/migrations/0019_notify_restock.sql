-- Restock notifications: visitors sign up for a sold-out variant; the owner (or a restock) sends alerts in
-- sign-up order, in batches sized to the stock that returned. Each sign-up is alerted at most once.
CREATE TABLE restock_signups (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  seq bigserial NOT NULL,
  product_id text NOT NULL,
  variant_id text NOT NULL,
  email text NOT NULL,
  join_mailing_list boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  batch_id text
);
CREATE UNIQUE INDEX restock_signups_once_idx ON restock_signups (site_id, variant_id, lower(email));
CREATE INDEX restock_signups_queue_idx ON restock_signups (site_id, variant_id, notified_at, seq);

-- One row per variant that has been sent for: the row the senders lock, so concurrent sends take turns.
CREATE TABLE restock_variant_state (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  variant_id text NOT NULL,
  last_sent_at timestamptz,
  PRIMARY KEY (site_id, variant_id)
);

CREATE TABLE restock_settings (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Durable mail jobs: one row per event id (a second enqueue of the same event is a no-op), claimed by a worker
-- with a lease, retried with back-off, marked sent once.
CREATE TABLE mail_jobs (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT mail_jobs_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'))
);
CREATE INDEX mail_jobs_due_idx ON mail_jobs (status, run_at);
