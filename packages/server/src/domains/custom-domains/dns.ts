// Ownership look-ups: the TXT record `_sitewright.<hostname>` through DNS_RESOLVER (host:port) or the system's
// resolvers. Answers a plain-words reason when the record is missing or wrong.
import { Resolver } from 'node:dns/promises'
import { DOMAIN_TXT_PREFIX } from '@sitewright/contracts'

export type TxtCheck = { ok: true } | { ok: false; reason: string }

export function createTxtChecker(resolverAddress: string | null, timeoutMs = 3000) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 })
  if (resolverAddress) resolver.setServers([resolverAddress])
  return async function checkTxt(hostname: string, expected: string): Promise<TxtCheck> {
    const name = `${DOMAIN_TXT_PREFIX}${hostname}`
    let records: string[][]
    try {
      records = await resolver.resolveTxt(name)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'ENOTFOUND' || code === 'ENODATA') return { ok: false, reason: `No TXT record found at ${name} yet. Add it at your DNS provider; changes can take a few minutes to appear.` }
      return { ok: false, reason: `The DNS look-up of ${name} failed (${code ?? 'error'}); we will try again.` }
    }
    const values = records.map((parts) => parts.join(''))
    if (values.includes(expected)) return { ok: true }
    return { ok: false, reason: `The TXT record at ${name} has the wrong value (found “${values.join('”, “').slice(0, 200)}”); it should be “${expected}”.` }
  }
}
