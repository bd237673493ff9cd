-- The owner's third-party web-analytics tag: the https address of its script (loaded only after consent; its origin
-- joins the page CSP only while set).
ALTER TABLE tracking_settings ADD COLUMN IF NOT EXISTS tag_url text NOT NULL DEFAULT '';
