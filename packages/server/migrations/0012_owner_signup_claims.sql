-- Sign-up without account enumeration: every sign-up answers the same way (201, signed in, a new site). A new email
-- gets an account whose address is confirmed later by a mailed link (email_verified_at). An email that already has
-- an account gets a provisional account instead: its own placeholder address (so sign-in by the real address never
-- finds it), the address it claims, and a mailed link with which the address's owner may add the started site to
-- their account. Tokens keep only the SHA-256 of the mailed secret.
ALTER TABLE owners ADD COLUMN email_verified_at timestamptz;
ALTER TABLE owners ADD COLUMN claims_email text;

CREATE TABLE owner_tokens (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'claim')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX owner_tokens_owner ON owner_tokens (owner_id);
