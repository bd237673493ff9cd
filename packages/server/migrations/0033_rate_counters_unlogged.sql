-- Rate-limit windows are short-lived (the longest is minutes) and worth nothing after a crash: keep them out of the
-- write-ahead log, so a hit's upsert commits without waiting for a WAL flush (add to cart counts one per request).
ALTER TABLE rate_counters SET UNLOGGED;
