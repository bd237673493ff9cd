// Content (collections, items, layouts). Needs: sites; billing's plan check (built after it: late).
import type { Accounts } from '../../domains/accounts/index.js'
import { createContent } from '../../domains/content/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireContent({ db, late }: Base, { sites, accounts }: { sites: Sites; accounts: Accounts }) {
  // content refuses layouts with block types the site's plan lacks
  return createContent(db.orm, {
    sites,
    auth: accounts.auth,
    requireFeature: (siteId, flag) => late.get('billing').requireFlag(siteId, flag),
  })
}
