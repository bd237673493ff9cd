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
