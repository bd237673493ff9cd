-- Connected-account link entries of a site: links the navigation shows for an account connected to an outside
-- service (an online food-ordering provider: default title 'Order Now'). JSON array of { provider, url, title }.
ALTER TABLE content_site_profiles ADD COLUMN IF NOT EXISTS connected_links jsonb NOT NULL DEFAULT '[]'::jsonb;
