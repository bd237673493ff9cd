// Wiring of the custom-domains domain: its ports to sites, mail, the cluster's hosts message and the router.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.js'
import type { Orm } from '../../platform/db/index.js'
import { getOrCreateSecret } from '../../platform/secrets.js'
import { WEBSITE_ROLES, type Accounts } from '../../domains/accounts/index.js'
import { createCustomDomains } from '../../domains/custom-domains/index.js'
import type { Mailer } from '../../domains/mail/index.js'
import type { Sites } from '../../domains/sites/index.js'

export interface CustomDomainsWiring {
  fastify: FastifyInstance
  orm: Orm
  config: Config
  sites: Sites
  accounts: Accounts
  mailer: Mailer
  /** The hosts message (every node) and the site's page cache. */
  changed(siteId: string): void
}

export function wireCustomDomains(w: CustomDomainsWiring) {
  const domains = createCustomDomains(w.orm, {
    config: w.config.domains,
    rootDomain: w.config.rootDomain,
    publicPort: w.config.publicPort,
    host: w.config.host,
    authorize: (request, siteId) => w.sites.authorize(w.accounts.auth, request, siteId, [WEBSITE_ROLES.ADMIN]),
    site: async (siteId) => {
      const s = await w.sites.get(siteId)
      return s && { id: s.id, slug: s.slug }
    },
    changed: w.changed,
    mailAdmins: async (siteId, subject, text) => {
      const ids = await w.sites.membersWith(siteId, [WEBSITE_ROLES.ADMIN])
      for (const o of await w.accounts.ownersByIds(ids)) await w.mailer.send({ to: o.email, subject, text })
    },
    fallbackSecret: () => getOrCreateSecret(w.orm, 'custom-domains-keys'),
    log: w.fastify.log,
  })
  // the TLS listener answers through the same router as the HTTP port
  domains.serveWith((req, res) => w.fastify.routing(req, res))
  return domains
}
