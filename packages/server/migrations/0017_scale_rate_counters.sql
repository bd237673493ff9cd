-- Rate-limit windows shared by every app node when there is no Redis: one row per key (the key names the site).
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
