// Languages (a site's locales and its translations). Needs: sites (the default locale, the role check), accounts
// (the session); its changes drop the site's published pages.
import { rolesFor, type Accounts } from '../../domains/accounts/index.js'
import { createLanguages } from '../../domains/languages/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireLanguages(base: Base, { sites, accounts }: { sites: Sites; accounts: Accounts }) {
  return createLanguages(base.db.orm, {
    authorize: (request, siteId, change) => sites.authorize(accounts.auth, request, siteId, rolesFor(change ? 'settings.edit' : 'settings.read')),
    defaultLocale: async (siteId) => (await sites.get(siteId))?.locale ?? null,
    changed: (siteId) => base.invalidatePages(siteId),
  })
}
