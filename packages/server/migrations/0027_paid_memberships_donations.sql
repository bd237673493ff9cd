-- Paid memberships and donations.
-- A member area can be opened by buying a PAYWALL product (rule 'product', product_id): members whose verified
-- email bought it (a paid one-off order, or a subscription still running) may read it.
ALTER TABLE member_area_rules DROP CONSTRAINT IF EXISTS member_area_rules_rule_check;
ALTER TABLE member_area_rules ADD CONSTRAINT member_area_rules_rule_check CHECK (rule IN ('members', 'tag', 'product'));
ALTER TABLE member_area_rules ADD COLUMN product_id text;
-- What an order is: a purchase of products ('order') or a donation ('donation'; its one line names no product).
ALTER TABLE commerce_orders ADD COLUMN kind text NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'donation'));
-- A subscription cancelled by its buyer keeps running until the end of the period already paid (ends_at).
ALTER TABLE commerce_subscriptions ADD COLUMN ends_at timestamptz;
-- Membership lookups by buyer email.
CREATE INDEX commerce_orders_site_email ON commerce_orders (site_id, email);
CREATE INDEX commerce_subscriptions_site_email ON commerce_subscriptions (site_id, email);
