-- Forms: site forms and their fields, single-use submission keys (idempotency), stored submissions, the ALTCHA
-- replay store, the submission rate windows, the delivery outbox (owner e-mail, webhooks), mailing lists and
-- newsletter subscribers.

CREATE TABLE forms (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT 'My Form Name',
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  submission_message text NOT NULL DEFAULT '',
  submission_html text NOT NULL DEFAULT '',
  success_redirect text NOT NULL DEFAULT '',
  disclaimer_message text NOT NULL DEFAULT '',
  captcha_enabled boolean NOT NULL DEFAULT false,
  captcha_theme text NOT NULL DEFAULT 'light',
  captcha_alignment text NOT NULL DEFAULT 'left',
  submit_button_text text NOT NULL DEFAULT 'Add to Cart',
  notify_email text NOT NULL DEFAULT '',
  webhook_url text NOT NULL DEFAULT '',
  webhook_secret text NOT NULL DEFAULT '',
  mailing_list_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX forms_site_idx ON forms (site_id, created_at);

-- key_hash is the SHA-256 (hex) of the key handed to the browser; client_hash binds it to the visitor's crumb.
-- A used key keeps its first answer so a replay returns it instead of storing a second submission.
CREATE TABLE form_submission_keys (
  key_hash text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  client_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  form_id text,
  answer jsonb
);
CREATE INDEX form_submission_keys_expiry_idx ON form_submission_keys (expires_at);

CREATE TABLE form_submissions (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  form_id text NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  key_hash text NOT NULL,
  form_name text NOT NULL,
  fields jsonb NOT NULL,
  answers jsonb NOT NULL,
  search_text text NOT NULL DEFAULT '',
  page jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT form_submissions_key_unique UNIQUE (site_id, key_hash)
);
CREATE INDEX form_submissions_form_idx ON form_submissions (site_id, form_id, created_at DESC);

-- Solved ALTCHA challenges (by signature): a solution is accepted once.
CREATE TABLE captcha_spent (
  signature text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window submission counters, one row per site and client address.
CREATE TABLE form_rate_windows (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  address text NOT NULL,
  hits integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, address)
);

-- Work committed with a submission and delivered afterwards with retries (kind 'email' or 'webhook').
CREATE TABLE form_outbox (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending',
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  CONSTRAINT form_outbox_kind_check CHECK (kind IN ('email', 'webhook')),
  CONSTRAINT form_outbox_status_check CHECK (status IN ('pending', 'queued', 'delivered', 'failed'))
);
CREATE INDEX form_outbox_due_idx ON form_outbox (status, next_attempt_at);

-- Form renders counted per form and day (POST /api/census/form-render).
CREATE TABLE form_render_counts (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  form_id text NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  day date NOT NULL,
  renders integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, form_id, day)
);

CREATE TABLE mailing_lists (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mailing_lists_site_idx ON mailing_lists (site_id);

CREATE TABLE newsletter_subscribers (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  list_id text NOT NULL REFERENCES mailing_lists (id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'subscribed',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT newsletter_subscribers_unique UNIQUE (list_id, email),
  CONSTRAINT newsletter_subscribers_status_check CHECK (status IN ('subscribed', 'unsubscribed'))
);
CREATE INDEX newsletter_subscribers_site_idx ON newsletter_subscribers (site_id, list_id);
