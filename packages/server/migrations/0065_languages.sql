-- Languages (issue 37): the locales a site adds besides its default, and translated fields per locale.
CREATE TABLE site_locales (
  site_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  locale text NOT NULL,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, locale),
  CONSTRAINT site_locales_prefix UNIQUE (site_id, prefix)
);

CREATE TABLE translations (
  site_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  locale text NOT NULL,
  kind text NOT NULL,
  object_id text NOT NULL,
  field text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, locale, kind, object_id, field)
);
CREATE INDEX translations_object ON translations (site_id, kind, object_id);
