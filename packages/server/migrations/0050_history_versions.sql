-- Whole-site history (issue 36): every save of an owner-editable object is an immutable version.
-- history_pending: objects written since their last capture, marked by triggers on the owning tables (one write path
-- every domain shares: its own tables), so no save path is missed (API, seeds, starters, imports, restores).
-- history_blobs: content-addressed pieces of snapshots (a big JSON node is stored once by its hash; a version stores
-- what changed). history_versions: one row per version, pointing at its snapshot's root piece (null: deleted).
CREATE TABLE history_pending (
  site_id text NOT NULL,
  kind text NOT NULL,
  object_id text NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (site_id, kind, object_id)
);

CREATE TABLE history_blobs (
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  hash text NOT NULL,
  body bytea NOT NULL,
  children jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (site_id, hash)
);

CREATE TABLE history_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  kind text NOT NULL,
  object_id text NOT NULL,
  root text,
  title text NOT NULL DEFAULT '',
  reason text NOT NULL,
  actor_id text,
  changes jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX history_versions_object ON history_versions (site_id, kind, object_id, id DESC);
CREATE INDEX history_versions_site ON history_versions (site_id, id DESC);
CREATE INDEX history_versions_time ON history_versions (site_id, created_at);

-- Marks the written object: TG_ARGV = kind, the column holding the object id, the column holding the site id.
CREATE FUNCTION history_mark() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  INSERT INTO history_pending (site_id, kind, object_id)
  VALUES (r ->> TG_ARGV[2], TG_ARGV[0], r ->> TG_ARGV[1])
  ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS DISTINCT FROM (r ->> TG_ARGV[1]) THEN
    INSERT INTO history_pending (site_id, kind, object_id)
    VALUES (to_jsonb(OLD) ->> TG_ARGV[2], TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[1])
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER history_page AFTER INSERT OR UPDATE OR DELETE ON content_collections
  FOR EACH ROW EXECUTE FUNCTION history_mark('page', 'id', 'site_id');
CREATE TRIGGER history_navigation AFTER INSERT OR DELETE OR UPDATE OF navigation, ordering, navigation_title, parent_id ON content_collections
  FOR EACH ROW EXECUTE FUNCTION history_mark('navigation', 'site_id', 'site_id');
CREATE TRIGGER history_item AFTER INSERT OR UPDATE OR DELETE ON content_items
  FOR EACH ROW EXECUTE FUNCTION history_mark('item', 'id', 'site_id');
CREATE TRIGGER history_product AFTER INSERT OR UPDATE OR DELETE ON commerce_products
  FOR EACH ROW EXECUTE FUNCTION history_mark('product', 'id', 'site_id');
-- stock counts are not versioned: a sale (qty_in_stock) marks nothing
CREATE TRIGGER history_variant AFTER INSERT OR DELETE OR UPDATE OF product_id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, image_id, ordering ON commerce_variants
  FOR EACH ROW EXECUTE FUNCTION history_mark('product', 'product_id', 'site_id');
CREATE TRIGGER history_styles AFTER INSERT OR UPDATE OR DELETE ON site_styles
  FOR EACH ROW EXECUTE FUNCTION history_mark('styles', 'site_id', 'site_id');
CREATE TRIGGER history_form AFTER INSERT OR UPDATE OR DELETE ON forms
  FOR EACH ROW EXECUTE FUNCTION history_mark('form', 'id', 'site_id');
CREATE TRIGGER history_settings AFTER INSERT OR UPDATE ON websites
  FOR EACH ROW EXECUTE FUNCTION history_mark('settings', 'id', 'id');
CREATE TRIGGER history_profile AFTER INSERT OR UPDATE OR DELETE ON content_site_profiles
  FOR EACH ROW EXECUTE FUNCTION history_mark('settings', 'site_id', 'site_id');
CREATE TRIGGER history_redirects AFTER INSERT OR UPDATE OR DELETE ON content_redirects
  FOR EACH ROW EXECUTE FUNCTION history_mark('redirects', 'site_id', 'site_id');

-- What existed before history: captured at the first sweep as a baseline ('import').
INSERT INTO history_pending (site_id, kind, object_id) SELECT site_id, 'page', id FROM content_collections ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT DISTINCT site_id, 'navigation', site_id FROM content_collections ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT site_id, 'item', id FROM content_items ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT site_id, 'product', id FROM commerce_products ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT site_id, 'styles', site_id FROM site_styles ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT site_id, 'form', id FROM forms ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT id, 'settings', id FROM websites ON CONFLICT DO NOTHING;
INSERT INTO history_pending (site_id, kind, object_id) SELECT DISTINCT site_id, 'redirects', site_id FROM content_redirects ON CONFLICT DO NOTHING;
