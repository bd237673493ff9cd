-- Product editor details: the description as rich text (sanitized HTML, 'html') or the older plain text ('text');
-- SEO title and description and a social image for the product page; shipping weight and dimensions; tags and
-- categories.
ALTER TABLE commerce_products
  ADD COLUMN description_format text NOT NULL DEFAULT 'text',
  ADD COLUMN seo_title text NOT NULL DEFAULT '',
  ADD COLUMN seo_description text NOT NULL DEFAULT '',
  ADD COLUMN social_image_id text,
  ADD COLUMN weight jsonb,
  ADD COLUMN dimensions jsonb,
  ADD COLUMN tags jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN categories jsonb NOT NULL DEFAULT '[]';
