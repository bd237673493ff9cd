-- Site members (customer accounts of a published site): accounts per site, their sessions, the one-use mail links
-- (email verification, password reset), saved addresses and member-area access rules.
CREATE TABLE site_users (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  newsletter boolean NOT NULL DEFAULT false,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  comp_access boolean NOT NULL DEFAULT false,
  cart_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  CONSTRAINT site_users_site_email_key UNIQUE (site_id, email)
);

CREATE TABLE site_user_sessions (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES site_users (id) ON DELETE CASCADE,
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX site_user_sessions_user ON site_user_sessions (user_id);

CREATE TABLE site_user_tokens (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES site_users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('verify', 'reset')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_user_tokens_user ON site_user_tokens (user_id);

CREATE TABLE site_user_addresses (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES site_users (id) ON DELETE CASCADE,
  name text NOT NULL,
  line1 text NOT NULL,
  line2 text NOT NULL DEFAULT '',
  city text NOT NULL,
  region text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  country text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_user_addresses_user ON site_user_addresses (user_id);

-- A member area's access rule: every verified member ('members') or members carrying a tag ('tag').
CREATE TABLE member_area_rules (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  collection_id text NOT NULL,
  rule text NOT NULL CHECK (rule IN ('members', 'tag')),
  tag text NOT NULL DEFAULT '',
  PRIMARY KEY (site_id, collection_id)
);
