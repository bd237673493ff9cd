-- Shipments of an order (carrier, tracking number, the quantities of each line sent): an order is fulfilled once
-- every line has gone out; each shipment mails the buyer once.
CREATE TABLE commerce_fulfilments (
  id text PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  order_id text NOT NULL REFERENCES commerce_orders (id) ON DELETE CASCADE,
  carrier text NOT NULL DEFAULT '',
  tracking_number text NOT NULL DEFAULT '',
  tracking_url text,
  lines jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commerce_fulfilments_order_idx ON commerce_fulfilments (site_id, order_id, created_at);

-- Which notification mails each owner (site member) wants, per site; no row: every notification on.
CREATE TABLE notify_owner_settings (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  owner_id text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, owner_id)
);
