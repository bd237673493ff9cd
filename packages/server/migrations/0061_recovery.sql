-- Abandoned-checkout recovery (issue 40). One settings row per site (absent = off, 1 hour, 1 reminder), and one
-- row per cart whose shopper gave an email at checkout: its value when last seen, whether it may be mailed (the
-- shopper's consent, not unsubscribed), the reminders sent (each a mail job keyed by checkout and step, claimed by a
-- conditional UPDATE of reminders_sent in the same transaction: sent exactly once across nodes and crashes), the
-- cart a recovery link restored, and the order that ended it (status recovered when a reminder had gone, completed
-- when the shopper paid before any).
CREATE TABLE commerce_recovery_settings (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  delay_hours integer NOT NULL DEFAULT 1,
  reminders integer NOT NULL DEFAULT 1,
  coupon_code text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_recovery_delay_check CHECK (delay_hours BETWEEN 1 AND 48),
  CONSTRAINT commerce_recovery_reminders_check CHECK (reminders BETWEEN 1 AND 3)
);

CREATE TABLE commerce_abandoned_checkouts (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  cart_id text NOT NULL,
  email text NOT NULL,
  consent boolean NOT NULL DEFAULT false,
  unsubscribed boolean NOT NULL DEFAULT false,
  value_cents integer NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'USD',
  last_activity_at timestamptz NOT NULL,
  reminders_sent integer NOT NULL DEFAULT 0,
  last_reminder_at timestamptz,
  restored_cart_id text,
  status text NOT NULL DEFAULT 'open',
  order_id text,
  order_number integer,
  recovered_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_abandoned_status_check CHECK (status IN ('open', 'recovered', 'completed'))
);
CREATE UNIQUE INDEX commerce_abandoned_cart_idx ON commerce_abandoned_checkouts (site_id, cart_id);
CREATE INDEX commerce_abandoned_due_idx ON commerce_abandoned_checkouts (status, last_activity_at);
CREATE INDEX commerce_abandoned_restored_idx ON commerce_abandoned_checkouts (site_id, restored_cart_id);
