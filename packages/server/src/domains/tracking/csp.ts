// The owner's third-party tag may load only where the page policy allows it: while a site has a tag address, the
// origin of that address joins script-src, connect-src and img-src of its HTML answers (and only then).
import type { FastifyInstance } from 'fastify'
import type { SettingsStore } from './settings.js'

const TAG_DIRECTIVES = ['script-src', 'connect-src', 'img-src']

/** The policy with `origin` allowed for scripts, connections and images (a missing directive starts from default-src). */
export function withTagOrigin(policy: string, origin: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/))
  const fallback = directives.find((d) => d[0] === 'default-src')?.slice(1) ?? ["'self'"]
  for (const name of TAG_DIRECTIVES) {
    const found = directives.find((d) => d[0] === name)
    if (!found) directives.push([name, ...fallback.filter((v) => v !== "'none'"), origin])
    else if (!found.includes(origin)) {
      const none = found.indexOf("'none'")
      if (none > 0) found.splice(none, 1)
      found.push(origin)
    }
  }
  return directives.map((d) => d.join(' ')).join(';')
}

/** Adds the site's tag origin to the CSP of HTML answers on its host (callback hook: no promise per answer). */
export function registerTagPolicy(app: FastifyInstance, settings: Pick<SettingsStore, 'tagOriginOf'>): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const t = request.tenancy
    // a site host, or the platform host serving a site (the same rule as requireSite)
    if (t && t.kind !== 'unknown' && t.site) {
      const origin = settings.tagOriginOf(t.site.id)
      if (origin) {
        const policy = reply.getHeader('content-security-policy')
        const type = reply.getHeader('content-type')
        if (typeof policy === 'string' && typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', withTagOrigin(policy, origin))
      }
    }
    done(null, payload)
  })
}
