// Custom domains (own hostnames with automatic HTTPS). Needs: sites (the site, its admins, where public addresses
// come from), accounts (the session, the admins' addresses), the mailer, the cluster's hosts message.
import type { Accounts } from '../../domains/accounts/index.js'
import { WEBSITE_ROLES } from '../../domains/accounts/index.js'
import { createCustomDomains } from '../../domains/custom-domains/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireCustomDomains(base: Base, { sites, accounts }: { sites: Sites; accounts: Accounts }) {
  const { db, config, fastify, mailer, cluster } = base
  const domains = createCustomDomains(db.orm, {
    config: config.domains,
    rootDomain: config.rootDomain,
    publicPort: config.publicPort,
    host: config.host,
    authorize: (request, siteId) => sites.authorize(accounts.auth, request, siteId, [WEBSITE_ROLES.ADMIN]),
    site: async (siteId) => {
      const s = await sites.get(siteId)
      return s && { id: s.id, slug: s.slug }
    },
    // every node drops the site's hosts and certificates, and its pages (canonical URLs name the primary)
    changed: (siteId) => {
      cluster.hostsChanged(siteId)
      base.invalidatePages(siteId)
    },
    mailAdmins: async (siteId, subject, text) => {
      const ids = await sites.membersWith(siteId, [WEBSITE_ROLES.ADMIN])
      for (const o of await accounts.ownersByIds(ids)) await mailer.send({ to: o.email, subject, text })
    },
    fallbackSecret: () => base.secret('custom-domains-keys'),
    log: fastify.log,
  })
  sites.usePrimaryUrls((siteId) => domains.primaryUrl(siteId))
  // the TLS listener answers through the same router as the HTTP port
  domains.serveWith((req, res) => fastify.routing(req, res))
  return domains
}
