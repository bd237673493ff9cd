// `sitewright domains list|add|verify|remove SITE [HOSTNAME]`: the owner API's custom-domain operations from the
// command line (SITE: the site's address or id). verify checks the TXT record now and, once verified with
// HTTPS_PORT set, orders the certificate and waits for it.
import type { CustomDomain } from '@sitewright/contracts'
import { isAppError } from '../platform/errors.js'
import { CliError, withApp } from './io.js'

const ID = /^[0-9a-f]{24}$/
export const DOMAINS_USAGE = 'Usage: sitewright domains list SITE | add SITE HOSTNAME | verify SITE HOSTNAME | remove SITE HOSTNAME'

function line(d: CustomDomain): string {
  const cert = d.certificate ? `  certificate by ${d.certificate.issuer} until ${d.certificate.notAfter.slice(0, 10)}` : ''
  return `${d.hostname}  ${d.status}${d.primary ? '  primary' : ''}${cert}${d.error ? `\n    ${d.error}` : ''}`
}

export async function domainsCommand(argv: string[]): Promise<number> {
  const [action, site, hostname, ...extra] = argv
  const needsHost = action === 'add' || action === 'verify' || action === 'remove'
  if (!site || extra.length || !['list', 'add', 'verify', 'remove'].includes(action ?? '') || (needsHost && !hostname) || (action === 'list' && hostname)) throw new CliError(DOMAINS_USAGE, 2)
  return withApp(async (app) => {
    const ref = ID.test(site) ? await app.sites.get(site) : await app.sites.resolver.bySlug(site)
    if (!ref) throw new CliError(`No site has the address or id "${site}".`)
    const api = app.customDomains.cli
    try {
      switch (action) {
        case 'list': {
          const { domains } = await api.list(ref.id)
          console.log(domains.length ? domains.map(line).join('\n') : `${ref.slug} has no custom domains.`)
          return 0
        }
        case 'add': {
          const d = await api.add(ref.id, hostname!)
          console.log(`${line(d)}\nAdd this DNS record, then run: sitewright domains verify ${site} ${d.hostname}\n  ${d.verification.type} ${d.verification.name} "${d.verification.value}"`)
          return 0
        }
        case 'verify': {
          const d = await api.verify(ref.id, hostname!)
          console.log(line(d))
          return d.status === 'pending' || d.status === 'failed' ? 1 : 0
        }
        default:
          await api.remove(ref.id, hostname!)
          console.log(`Removed ${hostname} from ${ref.slug}.`)
          return 0
      }
    } catch (e) {
      if (isAppError(e) && e.type !== 'internal') throw new CliError(e.message)
      throw e
    }
  })
}
