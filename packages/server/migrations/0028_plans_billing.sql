-- Plans: a site's plan (trial, personal, business, commerce) sets its feature flags (packages/contracts plans.ts).
-- A site without a row is on its 14-day trial counted from websites.created_at. Sites made before plans existed
-- keep every feature they had: they are put on the commerce plan here.
CREATE TABLE site_plans (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  plan text NOT NULL,
  billing_interval text,
  trial_ends_at timestamptz,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_plans (site_id, plan, billing_interval) SELECT id, 'commerce', 'annual' FROM websites;
-- Invoices: every charge attempt of a plan change through the payment provider, paid or failed.
CREATE TABLE billing_invoices (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  plan text NOT NULL,
  billing_interval text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  status text NOT NULL,
  payment_ref text,
  card_last4 text,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_invoices_site ON billing_invoices (site_id, created_at);
