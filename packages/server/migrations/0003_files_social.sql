-- Files (uploaded assets) and social (comments, likes, per-site comment settings).

CREATE TABLE file_assets (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  filename text NOT NULL,
  mime text NOT NULL,
  kind text NOT NULL,
  size bigint NOT NULL,
  width integer,
  height integer,
  focal_x double precision NOT NULL DEFAULT 0.5,
  focal_y double precision NOT NULL DEFAULT 0.5,
  color_data jsonb,
  alt_text text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  variants text NOT NULL DEFAULT '',
  status text NOT NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT file_assets_status_check CHECK (status IN ('processing', 'ready', 'failed')),
  CONSTRAINT file_assets_kind_check CHECK (kind IN ('image', 'svg', 'audio', 'video', 'document', 'archive')),
  CONSTRAINT file_assets_focal_check CHECK (focal_x BETWEEN 0 AND 1 AND focal_y BETWEEN 0 AND 1)
);
CREATE INDEX file_assets_site_created_idx ON file_assets (site_id, created_at, id);
CREATE INDEX file_assets_processing_idx ON file_assets (status) WHERE status = 'processing';

-- Visitor comments on content items. The body is stored as typed (escaped when rendered).
CREATE TABLE social_comments (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  id text PRIMARY KEY,
  item_id text NOT NULL,
  author_name text NOT NULL,
  body text NOT NULL,
  status text NOT NULL,
  ip_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT social_comments_status_check CHECK (status IN ('approved', 'pending', 'spam'))
);
CREATE INDEX social_comments_item_idx ON social_comments (site_id, item_id, status, created_at);
CREATE INDEX social_comments_site_idx ON social_comments (site_id, status, created_at);

-- One like per visitor (a hash of the visitor cookie) per item (or comment).
CREATE TABLE social_likes (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  item_id text NOT NULL,
  visitor_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, item_id, visitor_key)
);

CREATE TABLE social_settings (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  comment_approval_required boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
