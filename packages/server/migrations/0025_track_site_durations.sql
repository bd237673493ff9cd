-- Time on page is also kept on each day's site row (the traffic totals read one row a day instead of every page's):
-- the days written before take the sum of their page rows.
UPDATE tracking_rollups s
SET duration_ms = p.ms, durations = p.c
FROM (
  SELECT site_id, day, sum(duration_ms)::bigint AS ms, sum(durations)::int AS c
  FROM tracking_rollups WHERE dim = 'page' GROUP BY site_id, day
) p
WHERE s.site_id = p.site_id AND s.day = p.day AND s.dim = 'site' AND s.key = '' AND s.durations = 0;
