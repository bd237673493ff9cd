-- Modern-format copies of an image's sizes (issue 39): AVIF and WebP encodings of each width variant and of the
-- original, made once by a job after the variants ('file-modern'), each kept only where smaller than the image's
-- own format. modern_variants: NULL while not made yet, else the kept copies, comma-separated ('300w.avif,original.webp').
-- The images already stored are made by the sweep like new ones (NULL); the files that get none are marked done.
ALTER TABLE file_assets ADD COLUMN modern_variants text;
ALTER TABLE file_assets ADD COLUMN modern_claimed_until timestamptz;
UPDATE file_assets SET modern_variants = '' WHERE kind <> 'image' OR mime NOT IN ('image/jpeg', 'image/png', 'image/heic');
