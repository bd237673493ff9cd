-- The site icon (favicon) setting: an image of the site's files; /favicon.ico serves it, else a default icon.
ALTER TABLE websites ADD COLUMN icon_image_id text;
