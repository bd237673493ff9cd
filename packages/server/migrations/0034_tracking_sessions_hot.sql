-- The open visits are rewritten by every tracking batch. With no index on a column it changes, each update is a
-- heap-only one: no new index entries, and a page clears its own dead rows when it fills (half of each page is
-- left free for them), which matters most on PGlite, which has no autovacuum. The hourly sweep of idle visits
-- reads the whole table instead of the index: a few thousand rows, once an hour.
DROP INDEX tracking_sessions_last_at_idx;
ALTER TABLE tracking_sessions SET (fillfactor = 50);
