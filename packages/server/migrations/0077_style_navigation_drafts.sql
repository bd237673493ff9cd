-- Drafts of the site styles and the navigation (issue 36): the owner's changes show in the editor's canvas and the
-- private preview, and go live on Publish; visitors keep the published styles and navigation until then.
-- site_styles.styles stays what visitors see; draft (NULL: none) is the owner's working copy.
ALTER TABLE site_styles ADD COLUMN draft jsonb;

-- The navigation's draft: every page's place (section, order, navigation title, parent) as the owner arranged it.
CREATE TABLE navigation_drafts (
  site_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  pages jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- a draft is part of the navigation's versions (history_mark_navigation reads only the site column)
CREATE TRIGGER history_navigation_draft AFTER INSERT OR UPDATE OR DELETE ON navigation_drafts
  FOR EACH ROW EXECUTE FUNCTION history_mark_navigation();
