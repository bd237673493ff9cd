-- The site search (SEARCH 102) finds products as it finds pages and posts: a generated full-text vector of the title
-- (weight A), the tags and categories (B) and the excerpt and description, tags stripped (C), the same weights as
-- content_items, so the ranks of both kinds of hit can be compared and merged into one list.
ALTER TABLE commerce_products ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A')
  || setweight(to_tsvector('english', coalesce(tags::text, '') || ' ' || coalesce(categories::text, '')), 'B')
  || setweight(to_tsvector('english', regexp_replace(coalesce(excerpt, '') || ' ' || coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C')
) STORED;
CREATE INDEX commerce_products_search_idx ON commerce_products USING gin (search);
