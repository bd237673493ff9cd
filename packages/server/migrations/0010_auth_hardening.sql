-- Sign-in hardening (issue 11): throttle keys now back off exponentially (the lock after the limit doubles with
-- each further failure, counted from the last one), so each key remembers its last failure. Keys:
-- 'login:<email>|<address>', 'account:<email>', 'address:<address>', 'device:<id>', 'lock:<page>|<address>',
-- 'lock-page:<page>', 'signup-address:<address>', 'signup-client:<crumb nonce>'.
ALTER TABLE login_throttle ADD COLUMN last_failure_at timestamptz NOT NULL DEFAULT now();

-- Addresses an owner has signed in from (or signed up from): failures from elsewhere do not lock them out there.
CREATE TABLE owner_known_addresses (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, address)
);
