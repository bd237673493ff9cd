-- An owner who declined the starter chooser ('Start from a blank site'): the empty canvas stops offering a template
-- (Settings still does while the site has no pages). Kept per site, so it holds across sign-out and sign-in.
CREATE TABLE starter_declines (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  declined_at timestamptz NOT NULL DEFAULT now()
);
