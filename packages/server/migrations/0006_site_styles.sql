-- Site styles: the STYLE screen's colour palette and themes, font themes and font usage, one document per site.
-- Written only through PUT /api/sites/:siteId/styles (validated; only the dirty paths change).

CREATE TABLE site_styles (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  styles jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
