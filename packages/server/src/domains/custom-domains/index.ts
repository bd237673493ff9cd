// Public API of the custom-domains domain: an owner's own hostnames (TXT proof through DNS_RESOLVER), host routing
// to their site with the primary's 301s, certificates ordered over ACME HTTP-01 and served by the TLS listener
// (HTTPS_PORT) with SNI, renewal and revocation. Rows, challenges and sealed keys live in the database, so any node
// answers a challenge and serves any domain.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:https'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CustomDomain, DomainsAnswer } from '@sitewright/contracts'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { DomainsConfig } from '../../platform/config.js'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { every, type Every } from '../../platform/every.js'
import { hostName, type CustomHost, type SiteRef } from '../../platform/http/tenancy.js'
import type { AcmeStore } from './acme.js'
import { createTxtChecker, type TxtCheck } from './dns.js'
import { normalizeHostname } from './hostname.js'
import { registerDomainRoutes } from './routes.js'
import { acmeAccounts, acmeChallenges, customDomains, type DomainRow } from './schema.js'
import { createSealer, type Sealer } from './seal.js'
import * as svc from './service.js'
import { createCertCache, createTlsServer } from './tls.js'
import { createWork } from './work.js'

export { customDomainsTables } from './schema.js'
export { normalizeHostname } from './hostname.js'

/** HSTS is sent once a domain's certificate has been served this long (a broken set-up can still be undone). */
export const HSTS_AFTER_MS = 24 * 3_600_000
const PRIMARY_TTL_MS = 5000

export interface CustomDomainsDeps {
  config: DomainsConfig
  rootDomain: string
  publicPort: number
  /** The TLS listener's address (HOST). */
  host: string
  /** ADMIN of the site, or throws the typed 401/403/404. */
  authorize(request: FastifyRequest, siteId: string): Promise<unknown>
  site(siteId: string): Promise<SiteRef | null>
  /** A domain of the site changed: host and certificate caches on every node, the site's pages. */
  changed(siteId: string): void
  mailAdmins(siteId: string, subject: string, text: string): Promise<void>
  /** The sealing secret when SECRETS_KEY is unset (kept in the database). */
  fallbackSecret(): Promise<string>
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void }
  /** Tests: the DNS check (default: TXT through DNS_RESOLVER). */
  checkTxt?: (hostname: string, expected: string) => Promise<TxtCheck>
  now?: () => Date
}

export function createCustomDomains(orm: Orm, deps: CustomDomainsDeps) {
  const cfg = deps.config
  const now = deps.now ?? (() => new Date())
  const tlsOn = cfg.httpsPort !== null
  let sealer: Promise<Sealer> | null = null
  const getSealer = () => (sealer ??= (cfg.secretsKey ? Promise.resolve(cfg.secretsKey) : deps.fallbackSecret()).then(createSealer))
  const inflight = new Set<Promise<unknown>>()
  const track = (p: Promise<unknown>) => {
    const q = p.catch((e: unknown) => deps.log.error({ err: e }, 'custom domain work failed')).finally(() => inflight.delete(q))
    inflight.add(q)
  }

  const store: AcmeStore = {
    async accountKey(make) {
      const read = async () => (await orm.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, cfg.acmeDirectoryUrl)))[0]
      let row = await read()
      if (!row) {
        await orm.insert(acmeAccounts).values({ directoryUrl: cfg.acmeDirectoryUrl, keySealed: (await getSealer()).seal(await make()) }).onConflictDoNothing()
        row = await read()
      }
      return (await getSealer()).open(row!.keySealed)
    },
    async putChallenge(token, keyAuthorization, hostname) {
      await orm.insert(acmeChallenges).values({ token, keyAuthorization, hostname }).onConflictDoUpdate({ target: acmeChallenges.token, set: { keyAuthorization } })
    },
    async dropChallenge(token) {
      await orm.delete(acmeChallenges).where(eq(acmeChallenges.token, token))
    },
  }

  const work = createWork({
    orm,
    checkTxt: deps.checkTxt ?? createTxtChecker(cfg.dnsResolver),
    acme: tlsOn ? { directoryUrl: cfg.acmeDirectoryUrl, caFile: cfg.acmeCaFile, email: cfg.acmeEmail } : null,
    store,
    sealer: getSealer,
    changed: (siteId) => deps.changed(siteId),
    mailAdmins: deps.mailAdmins,
    log: deps.log,
  })

  const certs = createCertCache(async (hostname) => {
    const [row] = await orm.select().from(customDomains).where(and(eq(customDomains.hostname, hostname), isNotNull(customDomains.verifiedAt), isNotNull(customDomains.certPem)))
    if (!row?.certPem || !row.keySealed) return null
    if (!row.certServedSince) track(svc.update(orm, row.id, { certServedSince: now() }))
    return { siteId: row.siteId, certPem: row.certPem, keyPem: (await getSealer()).open(row.keySealed), firstServed: !row.certServedSince }
  })

  const secureRow = (row: DomainRow | undefined) => Boolean(tlsOn && row?.certPem && row.certNotAfter && row.certNotAfter > now())
  const portPart = (secure: boolean) => {
    const p = secure ? cfg.httpsPublicPort : deps.publicPort
    return p === null || p === (secure ? 443 : 80) ? '' : `:${p}`
  }
  const urlOf = (hostname: string, secure: boolean) => `${secure ? 'https' : 'http'}://${hostname}${portPart(secure)}`
  const primaryRow = async (siteId: string) =>
    (await orm.select().from(customDomains).where(and(eq(customDomains.siteId, siteId), eq(customDomains.isPrimary, true), isNotNull(customDomains.verifiedAt))))[0]

  const primaries = new Map<string, { url: string | null; at: number }>()
  const dropCaches = (siteId?: string) => {
    certs.drop(siteId)
    if (siteId === undefined) primaries.clear()
    else primaries.delete(siteId)
  }

  async function answer(siteId: string): Promise<DomainsAnswer> {
    return { domains: (await svc.listRows(orm, siteId)).map(svc.present), targets: cfg.targets, https: tlsOn }
  }
  const changedSite = (siteId: string) => {
    dropCaches(siteId)
    deps.changed(siteId)
  }

  let server: Server | null = null
  let timer: Every | null = null
  const sweep = (at: Date = now()) => work.sweep(at)

  const api = {
    /** Routes the owner API and the ACME challenge answers. */
    routes(app: FastifyInstance) {
      registerDomainRoutes(app, {
        authorize: deps.authorize,
        answer,
        async add(siteId, raw) {
          const row = await svc.addRow(orm, siteId, normalizeHostname(raw, deps.rootDomain))
          return svc.present(row)
        },
        async verify(siteId, domainId) {
          await svc.getRow(orm, siteId, domainId)
          const r = await work.verify(domainId, now())
          if (r.order) {
            await svc.update(orm, domainId, { status: 'issuing' })
            track(r.order())
          }
          return svc.present(await svc.getRow(orm, siteId, domainId))
        },
        async primary(siteId, domainId) {
          await svc.makePrimary(orm, siteId, domainId)
          changedSite(siteId)
          return answer(siteId)
        },
        async remove(siteId, domainId) {
          const row = await svc.deleteRow(orm, siteId, domainId)
          changedSite(siteId)
          await work.revoke(row)
        },
        async challenge(token) {
          const [row] = await orm.select().from(acmeChallenges).where(eq(acmeChallenges.token, token))
          return row?.keyAuthorization ?? null
        },
      })
    },

    /** Redirects on custom hosts (to the primary, to HTTPS) and their HSTS; registered once, after tenancy. */
    hooks(app: FastifyInstance) {
      app.addHook('onRequest', async (request, reply) => {
        const t = request.tenancy
        if (t.kind !== 'site' || !t.custom || request.url.startsWith('/.well-known/acme-challenge/')) return
        const c = t.custom
        const target = c.primaryHost && c.primaryHost !== c.hostname ? c.primaryHost : c.hostname
        const secure = target === c.hostname ? c.secure : c.primarySecure
        if (target === c.hostname && (!secure || request.protocol === 'https')) return
        const code = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308
        // a browser ignores (and complains about) COOP from a plain-http origin: the hop to HTTPS carries none
        if (request.protocol !== 'https') reply.removeHeader('cross-origin-opener-policy')
        return reply.code(code).header('location', `${urlOf(target, secure)}${request.url}`).header('cache-control', 'no-store').send()
      })
      app.addHook('onSend', async (request, reply) => {
        const t = request.tenancy
        if (t?.kind !== 'site' || !t.custom || request.protocol !== 'https') return
        if (t.custom.hsts) reply.header('strict-transport-security', 'max-age=31536000')
        else reply.removeHeader('strict-transport-security')
      })
    },

    /** Tenancy: the site of a verified custom domain, with what its redirects need. */
    async byHost(host: string): Promise<{ site: SiteRef; custom: CustomHost } | null> {
      const row = await svc.rowByHost(orm, hostName(host))
      if (!row?.verifiedAt) return null
      const site = await deps.site(row.siteId)
      if (!site) return null
      const primary = row.isPrimary ? row : await primaryRow(row.siteId)
      const hsts = secureRow(row) && row.certServedSince !== null && now().getTime() - row.certServedSince.getTime() >= HSTS_AFTER_MS
      return { site, custom: { hostname: row.hostname, primaryHost: primary?.hostname ?? null, secure: secureRow(row), primarySecure: secureRow(primary), hsts } }
    },

    /** The site's public address when it has a verified primary domain (canonical URLs, sitemap, mails), else null. */
    async primaryUrl(siteId: string): Promise<string | null> {
      const hit = primaries.get(siteId)
      if (hit && Date.now() - hit.at < PRIMARY_TTL_MS) return hit.url
      const row = await primaryRow(siteId)
      const url = row ? `${urlOf(row.hostname, secureRow(row))}/` : null
      primaries.set(siteId, { url, at: Date.now() })
      return url
    },

    /** The hosts message of any node: drop this node's certificates and primary addresses of the site. */
    hostsChanged: dropCaches,

    /** One pass of the background work at `at` (tests: renewal due at a chosen time). */
    sweep,
    /** Resolves once background work started by requests is done. */
    async idle(): Promise<void> {
      while (inflight.size) await Promise.all([...inflight])
    },
    /** The TLS listener's address once started. */
    httpsPort(): number | null {
      const a = server?.address() as AddressInfo | null | undefined
      return a ? a.port : null
    },
    /** The CLI: the same operations as the owner API, by site id. */
    cli: {
      list: (siteId: string) => answer(siteId),
      add: async (siteId: string, raw: string): Promise<CustomDomain> => svc.present(await svc.addRow(orm, siteId, normalizeHostname(raw, deps.rootDomain))),
      async verify(siteId: string, hostname: string): Promise<CustomDomain> {
        const row = await svc.rowByHost(orm, normalizeHostname(hostname, deps.rootDomain))
        if (!row || row.siteId !== siteId) return svc.present(await svc.getRow(orm, siteId, ''))
        const r = await work.verify(row.id, now())
        if (r.order) await r.order()
        return svc.present(await svc.getRow(orm, siteId, row.id))
      },
      async remove(siteId: string, hostname: string): Promise<void> {
        const row = await svc.rowByHost(orm, normalizeHostname(hostname, deps.rootDomain))
        const gone = await svc.deleteRow(orm, siteId, row && row.siteId === siteId ? row.id : '')
        await work.revoke(gone)
      },
    },
    /** Binds the router for the TLS listener (the app's own handler). */
    serveWith(handler: Parameters<typeof createTlsServer>[1]) {
      if (tlsOn) server = createTlsServer(certs, handler, (e) => deps.log.warn({ err: e }, 'certificate load failed'))
    },
    async start() {
      if (server && cfg.httpsPort !== null) {
        const s = server
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject)
          s.listen(cfg.httpsPort!, deps.host, () => {
            s.off('error', reject)
            resolve()
          })
        })
      }
      // the platform's timer: jittered (nodes started together do not sweep at one instant), one run at a time
      timer = every({ name: 'custom domain sweep', ms: cfg.sweepMs, log: deps.log }, () => sweep())
    },
    async stop() {
      await timer?.stop()
      timer = null
      await api.idle()
      const s = server
      if (s?.listening) {
        const closed = new Promise<void>((resolve) => s.close(() => resolve()))
        s.closeAllConnections()
        await closed
      }
    },
  } satisfies DomainLifecycle & Record<string, unknown>
  return api
}

export type CustomDomains = ReturnType<typeof createCustomDomains>
