-- Imports from other platforms (WordPress/Squarespace WXR, Ghost, Shopify and WooCommerce CSV): what each source
-- record became (so a re-import updates instead of duplicating, and a crashed import resumes), and the jobs the
-- editor follows (progress and report).
CREATE TABLE import_sources (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  source text NOT NULL,
  source_id text NOT NULL,
  target_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, source, source_id)
);

CREATE TABLE import_jobs (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  kind text NOT NULL,
  file_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'running',
  phase text NOT NULL DEFAULT 'reading',
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  report jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_jobs_site_idx ON import_jobs (site_id, created_at);
