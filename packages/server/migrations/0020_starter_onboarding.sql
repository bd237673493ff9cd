-- Sites made from a starter template: the onboarding checklist's reference state (the home layout's fingerprint
-- and how many posts and products the starter made) and whether the owner dismissed the checklist.
CREATE TABLE starter_onboarding (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  starter_id text NOT NULL,
  home_page_id text,
  home_fingerprint text NOT NULL,
  seeded_count integer NOT NULL DEFAULT 0,
  dismissed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
