-- Subscription renewals: one row per billed cycle after the first (cycle 1 is the checkout order). The unique
-- (subscription_id, cycle) key makes a cycle billed once even when several nodes run the renewal runner.
-- status: 'charging' while the claiming node charges, then 'paid' (order_id set) or 'failed'.
CREATE TABLE commerce_subscription_renewals (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  subscription_id text NOT NULL,
  cycle integer NOT NULL,
  status text NOT NULL DEFAULT 'charging',
  order_id text,
  payment_ref text,
  failure_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, cycle)
);
-- The test provider keeps the last four digits of a card: renewals charge the card of the first payment again.
ALTER TABLE commerce_test_payments ADD COLUMN card_last4 text;
