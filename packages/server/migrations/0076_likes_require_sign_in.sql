-- Issue 32: a site may require its visitors to sign in as members before they like an item (the likes route then
-- answers 401 and the like button keeps the like under the stored-actions key until they are back, signed in).
ALTER TABLE websites ADD COLUMN likes_require_sign_in boolean NOT NULL DEFAULT false;
