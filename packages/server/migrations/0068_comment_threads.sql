-- Threaded comments (issue 38): a reply names the comment it answers, which must be of the same site and item
-- (the foreign key includes both). Deleting a comment keeps its replies, as top-level comments.
ALTER TABLE social_comments ADD CONSTRAINT social_comments_site_item_id_key UNIQUE (site_id, item_id, id);
ALTER TABLE social_comments ADD COLUMN parent_id text;
ALTER TABLE social_comments ADD CONSTRAINT social_comments_parent_fk FOREIGN KEY (site_id, item_id, parent_id)
  REFERENCES social_comments (site_id, item_id, id) ON DELETE SET NULL (parent_id);
ALTER TABLE social_comments ADD CONSTRAINT social_comments_parent_not_self CHECK (parent_id IS NULL OR parent_id <> id);
CREATE INDEX social_comments_parent_idx ON social_comments (site_id, item_id, parent_id) WHERE parent_id IS NOT NULL;
