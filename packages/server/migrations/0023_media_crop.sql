-- Cropped images: a crop is a new file cut from another (the original is kept, so the crop can be changed later).
-- crop_source is the id of the file it was cut from, crop the rectangle in fractions (0..1) of that file.
ALTER TABLE file_assets
  ADD COLUMN crop_source text,
  ADD COLUMN crop jsonb;
