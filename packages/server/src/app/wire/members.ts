// Site members (customer accounts). Needs: sites, commerce and content (paid areas), the crumb; notify (built after
// it: late) sends the member mails from the theme's templates at send time.
import { WEBSITE_ROLES, SESSION_COOKIE, type Accounts } from '../../domains/accounts/index.js'
import { CART_COOKIE, clearCartCookie, setCartCookie, type Commerce } from '../../domains/commerce/index.js'
import type { Content } from '../../domains/content/index.js'
import { createMembers } from '../../domains/members/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { CrumbIssuer } from '../../platform/http/crumb.js'
import { paidMemberDeps } from '../paid-ports.js'
import type { Base } from './base.js'

interface Needs {
  sites: Sites
  accounts: Accounts
  commerce: Commerce
  content: Content
  crumbs: CrumbIssuer
}

export function wireMembers(base: Base, { sites, accounts, commerce, content, crumbs }: Needs) {
  const { db, mailer, late, log } = base
  const adminOnly = (request: Parameters<Sites['authorize']>[1], siteId: string) =>
    sites.authorize(accounts.auth, request, siteId, [WEBSITE_ROLES.ADMIN])
  return createMembers(db.orm, {
    send: async (m) => {
      await mailer.send(m)
    },
    site: async (siteId) => {
      const site = await sites.get(siteId)
      return { title: site?.title ?? '', url: site ? sites.urlOf(site.slug) : '/' }
    },
    // a member's sign-in and sign-out re-issue the crumb; an owner signed in on the same browser keeps a bound one
    reissueCrumb: (request, reply) => {
      crumbs.rebind(request, reply, request.cookies[SESSION_COOKIE] ?? null)
      return request.crumb
    },
    cartCookie: { name: CART_COOKIE, set: setCartCookie, clear: clearCartCookie },
    renderPage: base.renderSystemPage,
    onMemberCreated: (siteId, member) => late.get('notify').memberCreated(siteId, member),
    compose: async (siteId, template, to, data) =>
      (await late.get('notify').composer(siteId))(template, to, data),
    log,
    ...paidMemberDeps(commerce, content.read, adminOnly, base.invalidatePages),
  })
}
