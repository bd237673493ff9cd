// Comments and likes. Needs: sites, content (the item commented on), members (late: who may like when the site asks
// for sign-in), the shared hit counters.
import type { Accounts } from '../../domains/accounts/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { createSocial } from '../../domains/social/index.js'
import type { Base } from './base.js'

export function wireSocial(
  base: Base,
  { sites, accounts, content }: { sites: Sites; accounts: Accounts; content: Content },
) {
  const { db, counters } = base
  return createSocial(db.orm, {
    sites,
    auth: accounts.auth,
    itemOf: (siteId, itemId) => content.read.visitorItem(siteId, itemId),
    isMember: (request, siteId) => base.late.get('members').isSignedIn(request, siteId),
    onChange: base.invalidatePages,
    hitCounter: (key, windowMs) => counters.hit(key, windowMs),
  })
}
