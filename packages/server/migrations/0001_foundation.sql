-- Foundation: platform secrets, owners and sessions (accounts), websites and their members (sites).
-- Ids are 24 lowercase hex characters. Timestamps are timestamptz. Site data carries site_id.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE owners (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT owners_email_key UNIQUE (email),
  CONSTRAINT owners_email_lower CHECK (email = lower(email))
);

-- id is the SHA-256 (hex) of the cookie token: a leaked table does not leak usable sessions.
CREATE TABLE owner_sessions (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX owner_sessions_owner_idx ON owner_sessions (owner_id);

-- Failed-login counters, one row per key ('account:<email>' or 'address:<ip>'), fixed window.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

CREATE TABLE websites (
  id text PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  comments_enabled boolean NOT NULL DEFAULT false,
  disqus_short_name text NOT NULL DEFAULT '',
  simple_liking_enabled boolean NOT NULL DEFAULT true,
  time_zone text NOT NULL DEFAULT 'America/New_York',
  use_cldr_money_format boolean NOT NULL DEFAULT true,
  currency text NOT NULL DEFAULT 'USD',
  locale text NOT NULL DEFAULT 'en-US',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT websites_slug_key UNIQUE (slug)
);

-- Website roles per member (ADMIN 1, BILLING 2, ... SCHEDULING_EDITOR 13); a member may hold several.
CREATE TABLE site_members (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  role smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, owner_id, role),
  CONSTRAINT site_members_role_check CHECK (role IN (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13))
);
CREATE INDEX site_members_owner_idx ON site_members (owner_id);
