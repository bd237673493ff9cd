-- Commerce: store settings, catalogue (products, variants), carts, coupons, shipping, taxes, orders, gift cards,
-- subscriptions and idempotent replies. Money is integer minor units (cents). Every table carries site_id.

CREATE TABLE commerce_store_settings (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  currency text NOT NULL DEFAULT 'USD',
  instalments_enabled boolean NOT NULL DEFAULT true,
  instalment_min_cents integer NOT NULL DEFAULT 3500,
  instalment_max_cents integer NOT NULL DEFAULT 200000,
  multiple_quantity_allowed_for_services boolean NOT NULL DEFAULT true,
  last_order_number integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_store_settings_bounds CHECK (instalment_min_cents >= 0 AND instalment_max_cents >= instalment_min_cents)
);

-- Products are the items of products collections (collection type 13, owned by the content domain).
CREATE TABLE commerce_products (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  collection_id text NOT NULL,
  url_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  excerpt text NOT NULL DEFAULT '',
  product_type smallint NOT NULL,
  status text NOT NULL DEFAULT 'published',
  image_ids jsonb NOT NULL DEFAULT '[]',
  variant_options jsonb NOT NULL DEFAULT '[]',
  price_cents integer NOT NULL DEFAULT 0,
  sale_price_cents integer NOT NULL DEFAULT 0,
  on_sale boolean NOT NULL DEFAULT false,
  is_subscribable boolean NOT NULL DEFAULT false,
  subscription_plan jsonb,
  additional_fields_form_id text,
  additional_fields_form jsonb,
  use_custom_add_button_text boolean NOT NULL DEFAULT false,
  custom_add_button_text text NOT NULL DEFAULT '',
  audio_asset_url text,
  digital_asset_url text,
  ordering integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_products_type_check CHECK (product_type IN (1, 2, 3, 4, 5)),
  CONSTRAINT commerce_products_status_check CHECK (status IN ('published', 'draft', 'hidden')),
  CONSTRAINT commerce_products_url_key UNIQUE (site_id, collection_id, url_id)
);
CREATE INDEX commerce_products_collection_idx ON commerce_products (site_id, collection_id, ordering);

CREATE TABLE commerce_variants (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES commerce_products (id) ON DELETE CASCADE,
  sku text NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}',
  price_cents integer NOT NULL DEFAULT 0,
  sale_price_cents integer NOT NULL DEFAULT 0,
  on_sale boolean NOT NULL DEFAULT false,
  qty_in_stock integer NOT NULL DEFAULT 0,
  unlimited boolean NOT NULL DEFAULT false,
  image_id text,
  ordering integer NOT NULL DEFAULT 0,
  CONSTRAINT commerce_variants_sku_key UNIQUE (site_id, sku),
  CONSTRAINT commerce_variants_stock_check CHECK (qty_in_stock >= 0),
  CONSTRAINT commerce_variants_price_check CHECK (price_cents >= 0 AND sale_price_cents >= 0)
);
CREATE INDEX commerce_variants_product_idx ON commerce_variants (product_id, ordering);

-- Carts (kind 'cart' from the sw_cart cookie, 'subscription' from a cartToken). The token is stored hashed.
CREATE TABLE commerce_carts (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  kind text NOT NULL DEFAULT 'cart',
  order_id text,
  is_purchased boolean NOT NULL DEFAULT false,
  shipping_location jsonb,
  selected_shipping_option text,
  coupon_codes jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_carts_token_key UNIQUE (token_hash),
  CONSTRAINT commerce_carts_kind_check CHECK (kind IN ('cart', 'subscription'))
);
CREATE INDEX commerce_carts_site_idx ON commerce_carts (site_id, updated_at);

CREATE TABLE commerce_cart_entries (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  cart_id text NOT NULL REFERENCES commerce_carts (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES commerce_products (id) ON DELETE CASCADE,
  variant_id text NOT NULL REFERENCES commerce_variants (id) ON DELETE CASCADE,
  quantity integer NOT NULL,
  additional_fields jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_cart_entries_qty_check CHECK (quantity > 0)
);
CREATE INDEX commerce_cart_entries_cart_idx ON commerce_cart_entries (cart_id, created_at);

-- kind: percentage (amount = whole percent 1..100), fixed (amount = cents), free_shipping (amount 0).
CREATE TABLE commerce_coupons (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  code text NOT NULL,
  kind text NOT NULL,
  amount integer NOT NULL DEFAULT 0,
  min_subtotal_cents integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_coupons_code_key UNIQUE (site_id, code),
  CONSTRAINT commerce_coupons_kind_check CHECK (kind IN ('percentage', 'fixed', 'free_shipping')),
  CONSTRAINT commerce_coupons_code_upper CHECK (code = upper(code))
);

-- kind: flat (cost_cents always), free_over (free from min_subtotal_cents, cost_cents below it).
CREATE TABLE commerce_shipping_options (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  cost_cents integer NOT NULL DEFAULT 0,
  min_subtotal_cents integer NOT NULL DEFAULT 0,
  ordering integer NOT NULL DEFAULT 0,
  CONSTRAINT commerce_shipping_kind_check CHECK (kind IN ('flat', 'free_over'))
);
CREATE INDEX commerce_shipping_site_idx ON commerce_shipping_options (site_id, ordering);

-- rate_bp in basis points (825 = 8.25 %); region '' covers the whole country.
CREATE TABLE commerce_tax_rules (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  country text NOT NULL,
  region text NOT NULL DEFAULT '',
  rate_bp integer NOT NULL,
  CONSTRAINT commerce_tax_rules_key UNIQUE (site_id, country, region),
  CONSTRAINT commerce_tax_rate_check CHECK (rate_bp >= 0 AND rate_bp <= 10000)
);

CREATE TABLE commerce_orders (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  number integer NOT NULL,
  cart_id text NOT NULL,
  access_token_hash text NOT NULL,
  email text NOT NULL,
  shipping_address jsonb,
  billing_address jsonb,
  entries jsonb NOT NULL,
  shipping_option jsonb,
  coupons jsonb NOT NULL DEFAULT '[]',
  currency text NOT NULL,
  subtotal_cents integer NOT NULL,
  discount_cents integer NOT NULL,
  shipping_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  gift_card_cents integer NOT NULL DEFAULT 0,
  grand_total_cents integer NOT NULL,
  charged_cents integer NOT NULL,
  payment_provider text NOT NULL,
  payment_ref text,
  test_mode boolean NOT NULL,
  status text NOT NULL DEFAULT 'paid',
  created_at timestamptz NOT NULL DEFAULT now(),
  fulfilled_at timestamptz,
  refunded_at timestamptz,
  CONSTRAINT commerce_orders_number_key UNIQUE (site_id, number),
  CONSTRAINT commerce_orders_cart_key UNIQUE (cart_id),
  CONSTRAINT commerce_orders_status_check CHECK (status IN ('pending', 'paid', 'fulfilled', 'refunded'))
);
CREATE INDEX commerce_orders_site_idx ON commerce_orders (site_id, created_at DESC);

CREATE TABLE commerce_gift_cards (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  code text NOT NULL,
  initial_cents integer NOT NULL,
  balance_cents integer NOT NULL,
  currency text NOT NULL,
  order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_gift_cards_code_key UNIQUE (site_id, code),
  CONSTRAINT commerce_gift_cards_balance_check CHECK (balance_cents >= 0 AND balance_cents <= initial_cents)
);

-- Every balance change of a gift card (issue +, redemption -, refund +).
CREATE TABLE commerce_gift_card_ledger (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  gift_card_id text NOT NULL REFERENCES commerce_gift_cards (id) ON DELETE CASCADE,
  order_id text,
  delta_cents integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commerce_gift_card_ledger_card_idx ON commerce_gift_card_ledger (gift_card_id, created_at);

CREATE TABLE commerce_subscriptions (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  order_id text NOT NULL REFERENCES commerce_orders (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  sku text NOT NULL,
  email text NOT NULL,
  billing_period_value integer NOT NULL,
  billing_period_unit text NOT NULL,
  num_billing_cycles integer NOT NULL,
  price_cents integer NOT NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_subscriptions_unit_check CHECK (billing_period_unit IN ('WEEK', 'MONTH', 'YEAR'))
);

-- Idempotency-Key replies: the same key and body answer the same reply for 24 h.
CREATE TABLE commerce_idempotency (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, scope, key)
);
