-- Shared file storage in PostgreSQL for several app nodes without object storage: one row per stored object
-- (its size) and its bytes in 256 KiB chunks, so a Range read fetches only the chunks it covers.
CREATE TABLE file_objects (
  site_id text NOT NULL,
  key text PRIMARY KEY,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_objects_site_idx ON file_objects (site_id, key);

CREATE TABLE file_chunks (
  site_id text NOT NULL,
  key text NOT NULL REFERENCES file_objects (key) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (key, seq)
);
CREATE INDEX file_chunks_site_idx ON file_chunks (site_id);
