-- Custom domains (issue 35): an owner's own hostnames, their DNS proof, certificates and the ACME state.
CREATE TABLE custom_domains (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  hostname text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending',
  is_primary boolean NOT NULL DEFAULT false,
  token text NOT NULL,
  error text,
  verified_at timestamptz,
  checks integer NOT NULL DEFAULT 0,
  next_check_at timestamptz NOT NULL DEFAULT now(),
  cert_pem text,
  key_sealed text,
  cert_issuer text,
  cert_not_after timestamptz,
  cert_served_since timestamptz,
  renew_failures integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX custom_domains_site ON custom_domains (site_id);

-- HTTP-01 answers, read by whichever node the CA reaches.
CREATE TABLE acme_challenges (
  token text PRIMARY KEY,
  key_authorization text NOT NULL,
  hostname text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One ACME account per directory; its key sealed with SECRETS_KEY.
CREATE TABLE acme_accounts (
  directory_url text PRIMARY KEY,
  key_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
