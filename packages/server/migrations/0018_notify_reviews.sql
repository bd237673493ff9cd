-- Product reviews: native reviews (written by buyers) and reviews imported from an Etsy export, moderated by the
-- owner. A review without product_id is a store review. The per-site switches stand for the
-- COMMERCE_NATIVE_PRODUCT_REVIEWS (66) and COMMERCE_IMPORTED_PRODUCT_REVIEWS (67) feature flags.
CREATE TABLE product_reviews (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  product_id text,
  star_rating smallint NOT NULL,
  text text NOT NULL DEFAULT '',
  user_first_name text NOT NULL DEFAULT '',
  user_last_name text NOT NULL DEFAULT '',
  user_login_name text NOT NULL DEFAULT '',
  user_name text NOT NULL DEFAULT '',
  source_type text NOT NULL DEFAULT 'NATIVE',
  source_key text,
  imported_product_name text,
  imported_product_image_urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  imported_image_urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'approved',
  reply text,
  verified_purchase boolean NOT NULL DEFAULT false,
  order_id text,
  review_date timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT product_reviews_rating_check CHECK (star_rating BETWEEN 1 AND 5),
  CONSTRAINT product_reviews_source_check CHECK (source_type IN ('NATIVE', 'ETSY')),
  CONSTRAINT product_reviews_status_check CHECK (status IN ('approved', 'pending', 'hidden'))
);
CREATE INDEX product_reviews_list_idx ON product_reviews (site_id, product_id, status, review_date DESC);
-- An imported review is imported once (re-importing the same export changes nothing).
CREATE UNIQUE INDEX product_reviews_source_key_idx ON product_reviews (site_id, source_key) WHERE source_key IS NOT NULL;

CREATE TABLE product_review_settings (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  native_enabled boolean NOT NULL DEFAULT true,
  imported_enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
