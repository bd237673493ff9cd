-- Pages are marked written once per statement, not once per row (issue 36: a whole-site restore writes every page
-- back in one statement; the row trigger turned each row, its layout and search vector included, into JSON up to
-- three times). The transition tables give the statement's rows; only the id and site columns are read.
DROP TRIGGER history_page ON content_collections;

CREATE FUNCTION history_mark_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO history_pending (site_id, kind, object_id) SELECT DISTINCT site_id, 'page', id FROM new_rows ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO history_pending (site_id, kind, object_id)
      SELECT site_id, 'page', id FROM new_rows UNION SELECT site_id, 'page', id FROM old_rows
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO history_pending (site_id, kind, object_id) SELECT DISTINCT site_id, 'page', id FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER history_page_insert AFTER INSERT ON content_collections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_mark_pages();
CREATE TRIGGER history_page_update AFTER UPDATE ON content_collections
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION history_mark_pages();
CREATE TRIGGER history_page_delete AFTER DELETE ON content_collections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION history_mark_pages();

-- The navigation's mark stays a row trigger (a column list cannot go with transition tables) but reads the site
-- column itself instead of turning the row into JSON (a restore's upsert names the page's navigation_title and
-- parent_id, so it fires for every page written back).
CREATE FUNCTION history_mark_navigation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO history_pending (site_id, kind, object_id) VALUES (OLD.site_id, 'navigation', OLD.site_id) ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO history_pending (site_id, kind, object_id) VALUES (NEW.site_id, 'navigation', NEW.site_id) ON CONFLICT DO NOTHING;
    IF TG_OP = 'UPDATE' AND OLD.site_id IS DISTINCT FROM NEW.site_id THEN
      INSERT INTO history_pending (site_id, kind, object_id) VALUES (OLD.site_id, 'navigation', OLD.site_id) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER history_navigation ON content_collections;
CREATE TRIGGER history_navigation AFTER INSERT OR DELETE OR UPDATE OF navigation, ordering, navigation_title, parent_id ON content_collections
  FOR EACH ROW EXECUTE FUNCTION history_mark_navigation();
