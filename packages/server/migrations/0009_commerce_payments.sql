-- Payments keep their state. The test-mode provider records every payment it authorises: the amounts
-- authorised, captured, voided (released uncaptured) and refunded, and for an instalment plan (Afterpay /
-- Clearpay) its schedule of 4 instalments; impossible moves (capture twice, void after capture, refund above
-- what was captured) are refused against this row. Orders record how they were paid ('card', 'afterpay',
-- 'clearpay').

CREATE TABLE commerce_test_payments (
  ref text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  reference text NOT NULL,
  method text NOT NULL DEFAULT 'card',
  currency text NOT NULL,
  state text NOT NULL DEFAULT 'authorized',
  authorized_cents integer NOT NULL,
  captured_cents integer NOT NULL DEFAULT 0,
  voided_cents integer NOT NULL DEFAULT 0,
  refunded_cents integer NOT NULL DEFAULT 0,
  instalments jsonb,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_test_payments_amounts CHECK (
    authorized_cents >= 0 AND captured_cents >= 0 AND voided_cents >= 0 AND refunded_cents >= 0
    AND captured_cents + voided_cents <= authorized_cents AND refunded_cents <= captured_cents
  )
);
CREATE INDEX commerce_test_payments_reference ON commerce_test_payments (site_id, reference);

ALTER TABLE commerce_orders ADD COLUMN payment_method text NOT NULL DEFAULT 'card';
