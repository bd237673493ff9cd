-- Content: pages and collections, their items, and the automatic redirects recorded when a slug changes.
-- Layouts, block values and gallery options are versioned JSON documents (see src/domains/content/documents.ts).
-- `search` columns are generated full-text vectors with GIN indexes (SEARCH page).

CREATE TABLE content_collections (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  parent_id text REFERENCES content_collections (id) ON DELETE SET NULL,
  type smallint NOT NULL,
  type_name text NOT NULL,
  title text NOT NULL,
  navigation_title text NOT NULL DEFAULT '',
  url_id text NOT NULL,
  description text NOT NULL DEFAULT '',
  navigation text NOT NULL DEFAULT 'main',
  ordering integer NOT NULL DEFAULT 0,
  folder boolean NOT NULL DEFAULT false,
  folder_behavior smallint NOT NULL DEFAULT 1,
  homepage boolean NOT NULL DEFAULT false,
  background_source smallint NOT NULL DEFAULT 4,
  main_image_id text,
  calendar_view boolean NOT NULL DEFAULT false,
  show_past_or_upcoming text NOT NULL DEFAULT 'both',
  view text NOT NULL DEFAULT 'list',
  page_size integer NOT NULL DEFAULT 10,
  gallery jsonb,
  layout jsonb,
  lock text NOT NULL DEFAULT 'none',
  lock_password_hash text,
  seo_title text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  seo_hidden boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'published',
  publish_on timestamptz NOT NULL DEFAULT now(),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(seo_description, '')), 'B')
    || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C')
    || setweight(jsonb_to_tsvector('english', coalesce(layout, '{}'::jsonb), '["string"]'), 'D')
  ) STORED,
  CONSTRAINT content_collections_url_key UNIQUE (site_id, url_id),
  CONSTRAINT content_collections_type_check CHECK (type BETWEEN 1 AND 24),
  CONSTRAINT content_collections_navigation_check CHECK (navigation IN ('main', 'footer', '_hidden', '_memberareas')),
  CONSTRAINT content_collections_folder_behavior_check CHECK (folder_behavior IN (1, 2, 3, 4)),
  CONSTRAINT content_collections_background_check CHECK (background_source IN (1, 2, 3, 4)),
  CONSTRAINT content_collections_lock_check CHECK (lock IN ('none', 'password', 'members')),
  CONSTRAINT content_collections_status_check CHECK (status IN ('published', 'draft', 'scheduled', 'needs-review', 'private')),
  CONSTRAINT content_collections_view_check CHECK (view IN ('list', 'grid', 'product')),
  CONSTRAINT content_collections_past_check CHECK (show_past_or_upcoming IN ('past', 'upcoming', 'both'))
);
CREATE UNIQUE INDEX content_collections_homepage_key ON content_collections (site_id) WHERE homepage;
CREATE INDEX content_collections_site_idx ON content_collections (site_id, navigation, ordering);
CREATE INDEX content_collections_parent_idx ON content_collections (parent_id);
CREATE INDEX content_collections_search_idx ON content_collections USING gin (search);

CREATE TABLE content_items (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  collection_id text NOT NULL REFERENCES content_collections (id) ON DELETE CASCADE,
  record_type smallint NOT NULL,
  title text NOT NULL DEFAULT '',
  url_id text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  author_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'published',
  publish_on timestamptz NOT NULL DEFAULT now(),
  ordering integer NOT NULL DEFAULT 0,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  categories jsonb NOT NULL DEFAULT '[]'::jsonb,
  main_image_id text,
  external_link text,
  source_url text,
  promoted_block_type text,
  comment_state smallint NOT NULL DEFAULT 2,
  start_date timestamptz,
  end_date timestamptz,
  location jsonb,
  layout jsonb,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(tags::text, '') || ' ' || coalesce(categories::text, '')), 'B')
    || setweight(to_tsvector('english', regexp_replace(coalesce(excerpt, '') || ' ' || coalesce(body, ''), '<[^>]*>', ' ', 'g')), 'C')
  ) STORED,
  CONSTRAINT content_items_url_key UNIQUE (collection_id, url_id),
  CONSTRAINT content_items_record_type_check CHECK (record_type BETWEEN 1 AND 62),
  CONSTRAINT content_items_status_check CHECK (status IN ('published', 'draft', 'scheduled', 'needs-review', 'private')),
  CONSTRAINT content_items_comment_state_check CHECK (comment_state IN (1, 2)),
  CONSTRAINT content_items_dates_check CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
CREATE INDEX content_items_list_idx ON content_items (collection_id, status, publish_on DESC);
CREATE INDEX content_items_site_idx ON content_items (site_id);
CREATE INDEX content_items_events_idx ON content_items (collection_id, start_date);
CREATE INDEX content_items_search_idx ON content_items USING gin (search);

CREATE TABLE content_redirects (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  from_path text NOT NULL,
  to_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, from_path)
);

-- Site-wide content shown on every page: description, tag line, logo, social follow accounts.
CREATE TABLE content_site_profiles (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  site_description text NOT NULL DEFAULT '',
  tag_line text NOT NULL DEFAULT '',
  logo_image_id text,
  social_accounts jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
