-- Gift-card reminders (issue 40): the owner's settings, and on each card its expiry (set at issue from the settings)
-- and when its balance reminder and expiry notice went out (each claimed once by a conditional UPDATE).
CREATE TABLE commerce_gift_card_reminder_settings (
  site_id text PRIMARY KEY,
  balance_reminder boolean NOT NULL DEFAULT false,
  balance_months integer NOT NULL DEFAULT 6,
  expiry_months integer,
  notice_days integer NOT NULL DEFAULT 30,
  country text NOT NULL DEFAULT 'US',
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE commerce_gift_cards ADD COLUMN expires_at timestamptz;
ALTER TABLE commerce_gift_cards ADD COLUMN balance_reminded_at timestamptz;
ALTER TABLE commerce_gift_cards ADD COLUMN expiry_noticed_at timestamptz;
ALTER TABLE commerce_gift_cards ADD COLUMN reminders_off boolean NOT NULL DEFAULT false;
