-- Automatic promotions (issue 40): discounts a cart gets without a code. kind: percentage (amount = whole percent
-- of the goods it targets), amount (amount = minor units off the goods it targets), buy_x_get_y (for every
-- buy_quantity units of the targets, get_quantity more of them at amount percent off, the cheapest units first),
-- free_shipping (the chosen shipping costs nothing from min_subtotal_cents). applies_to: order, products
-- (target_ids = product ids) or collections (target_ids = collection ids). used_count counts the orders that used it
-- (claimed in the order's transaction, below usage_limit); commerce_promotion_uses keeps who used it (per customer).
CREATE TABLE commerce_promotions (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  applies_to text NOT NULL DEFAULT 'order',
  target_ids jsonb NOT NULL DEFAULT '[]',
  amount integer NOT NULL DEFAULT 0,
  buy_quantity integer NOT NULL DEFAULT 0,
  get_quantity integer NOT NULL DEFAULT 0,
  min_subtotal_cents integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  usage_limit integer,
  per_customer_limit integer,
  used_count integer NOT NULL DEFAULT 0,
  combines_with_codes boolean NOT NULL DEFAULT true,
  combines_with_gift_cards boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_promotions_kind_check CHECK (kind IN ('percentage', 'amount', 'buy_x_get_y', 'free_shipping')),
  CONSTRAINT commerce_promotions_applies_check CHECK (applies_to IN ('order', 'products', 'collections'))
);
CREATE INDEX commerce_promotions_site_idx ON commerce_promotions (site_id);

CREATE TABLE commerce_promotion_uses (
  promotion_id text NOT NULL REFERENCES commerce_promotions (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, order_id)
);
CREATE INDEX commerce_promotion_uses_email_idx ON commerce_promotion_uses (site_id, promotion_id, email);

-- The order's promotions: their total (a line of its own in the breakdown, apart from the codes' discount) and each
-- applied promotion { id, name, amountCents }, so the stored breakdown prints one line per promotion.
ALTER TABLE commerce_orders ADD COLUMN promotion_cents integer NOT NULL DEFAULT 0;
ALTER TABLE commerce_orders ADD COLUMN promotions jsonb NOT NULL DEFAULT '[]';
