-- Connected accounts of gallery blocks: each account's public photo feed, fetched by the server and cached here
-- (at most 50 images per feed: { url, title, link? }). Refreshed when a layout naming it is saved and when stale;
-- a failed fetch keeps the last images and records the error. A cache: not part of a site archive.
CREATE TABLE IF NOT EXISTS content_gallery_feeds (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  feed_url text NOT NULL,
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  error text,
  PRIMARY KEY (site_id, feed_url)
);
