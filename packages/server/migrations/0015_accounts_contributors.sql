-- Website roles: invitations of contributors by email (accepted through a one-use mail link; `id` is the SHA-256
-- of the link's token) and the site's owner (who alone may hand the site over; never removed or demoted).
CREATE TABLE site_invitations (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  email text NOT NULL,
  role smallint NOT NULL,
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX site_invitations_site ON site_invitations (site_id);

ALTER TABLE websites ADD COLUMN owner_id text;
UPDATE websites w SET owner_id = (
  SELECT m.owner_id FROM site_members m WHERE m.site_id = w.id AND m.role = 1 ORDER BY m.created_at, m.owner_id LIMIT 1
);
