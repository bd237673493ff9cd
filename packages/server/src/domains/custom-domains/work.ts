// The life of a domain: the DNS check (pending -> verified, with back-off while waiting), the certificate order
// (verified -> issuing -> active, or failed with the reason), renewal DOMAIN_RENEW_DAYS before expiry and removal
// (revoking the certificate). Every step on a row runs under its lease (service.claim), so across nodes each runs
// once; a renewal that fails mails the site's admins and is retried with back-off.
import { DOMAIN_RENEW_DAYS } from '@sitewright/contracts'
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { acmeReason, orderCertificate, revokeCertificate, type AcmeSettings, type AcmeStore } from './acme.js'
import type { TxtCheck } from './dns.js'
import { customDomains, type DomainRow } from './schema.js'
import type { Sealer } from './seal.js'
import { claim, txtValue, update } from './service.js'

const DAY = 86_400_000
/** Waits between DNS re-checks of a pending domain: 1 min doubling to 1 h. */
export const checkBackoffMs = (checks: number) => Math.min(3_600_000, 60_000 * 2 ** Math.min(checks, 6))
/** Waits between certificate retries after a failure: 10 min doubling to 1 day. */
export const orderBackoffMs = (failures: number) => Math.min(DAY, 600_000 * 2 ** Math.min(failures, 8))

export interface WorkDeps {
  orm: Orm
  checkTxt(hostname: string, expected: string): Promise<TxtCheck>
  /** null: no TLS listener, so no certificates are ordered. */
  acme: AcmeSettings | null
  store: AcmeStore
  sealer: () => Promise<Sealer>
  /** A domain's state changed (drop host and certificate caches everywhere, and the site's pages). */
  changed(siteId: string): void
  mailAdmins(siteId: string, subject: string, text: string): Promise<void>
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
}

export function createWork(d: WorkDeps) {
  const release = (id: string, set: Partial<typeof customDomains.$inferInsert>) => update(d.orm, id, { ...set, leaseUntil: null })

  /**
   * Checks the TXT record of a claimed row; true when it is (now) verified. With `hold` the lease is kept when it is
   * (the caller orders the certificate next, so no other node's sweep can claim the row in between).
   */
  async function check(row: DomainRow, now: Date, hold = false): Promise<boolean> {
    const r = await d.checkTxt(row.hostname, txtValue(row))
    const settle = (keep: boolean, set: Partial<typeof customDomains.$inferInsert>) => (keep ? update(d.orm, row.id, set) : release(row.id, set))
    if (!r.ok) {
      const next = new Date(now.getTime() + checkBackoffMs(row.checks))
      // a verified domain whose record later goes away keeps working: the record is only the proof of ownership
      await settle(hold && row.verifiedAt !== null, { status: row.verifiedAt ? row.status : 'pending', error: r.reason, checks: row.checks + 1, nextCheckAt: next })
      return row.verifiedAt !== null
    }
    await settle(hold, { status: row.certPem ? 'active' : d.acme ? 'issuing' : 'verified', error: null, verifiedAt: row.verifiedAt ?? now, checks: row.checks + 1 })
    d.changed(row.siteId)
    return true
  }

  /** Orders (or renews) the certificate of a claimed, verified row. */
  async function issue(row: DomainRow, now: Date, renewal: boolean): Promise<void> {
    if (!d.acme) return void (await release(row.id, {}))
    if (!renewal) await update(d.orm, row.id, { status: 'issuing', error: null })
    try {
      const cert = await orderCertificate(d.acme, d.store, row.hostname)
      const sealer = await d.sealer()
      await release(row.id, {
        status: 'active', error: null, certPem: cert.certPem, keySealed: sealer.seal(cert.keyPem), certIssuer: cert.issuer, certNotAfter: cert.notAfter,
        renewFailures: 0, nextCheckAt: now,
      })
      d.log.info({ hostname: row.hostname, notAfter: cert.notAfter }, renewal ? 'certificate renewed' : 'certificate issued')
    } catch (e) {
      const reason = acmeReason(e)
      d.log.warn({ err: e, hostname: row.hostname }, 'certificate order failed')
      // a renewal that fails keeps serving the current certificate until it expires
      const keep = renewal && row.certPem && row.certNotAfter && row.certNotAfter > now
      await release(row.id, { status: keep ? 'active' : 'failed', error: reason, renewFailures: row.renewFailures + 1, nextCheckAt: new Date(now.getTime() + orderBackoffMs(row.renewFailures)) })
      // the owner hears of it once (the first failure of a run), not on every retry of the back-off
      if (renewal && row.renewFailures === 0) {
        const until = row.certNotAfter ? ` The current certificate is valid until ${row.certNotAfter.toUTCString()}.` : ''
        await d
          .mailAdmins(row.siteId, `The certificate of ${row.hostname} could not be renewed`, `We could not renew the HTTPS certificate of ${row.hostname}.\n\n${reason}\n\nWe will try again automatically.${until}\n`)
          .catch((err: unknown) => d.log.warn({ err }, 'renewal failure mail not sent'))
      }
    }
    d.changed(row.siteId)
  }

  return {
    /** "Check now": the DNS check and, once verified, the first order (run by the caller, in its background set). */
    async verify(id: string, now: Date): Promise<{ verified: boolean; order: (() => Promise<void>) | null }> {
      const row = await claim(d.orm, id, now)
      if (!row) return { verified: false, order: null } // another node is on it
      // the node that verifies orders the certificate, under the lease it already holds
      const hold = d.acme !== null && row.certPem === null
      const verified = await check({ ...row }, now, hold)
      if (!verified || !hold) return { verified, order: null }
      return { verified, order: () => issue(row, now, false) }
    },

    /** One pass of background work at `now`: due DNS re-checks, orders to (re)try and renewals; returns the rows worked. */
    async sweep(now: Date): Promise<number> {
      const renewBefore = new Date(now.getTime() + DOMAIN_RENEW_DAYS * DAY)
      const due = await d.orm
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(
          and(
            or(isNull(customDomains.leaseUntil), lte(customDomains.leaseUntil, now)),
            or(
              and(isNull(customDomains.verifiedAt), lte(customDomains.nextCheckAt, now)),
              d.acme ? and(isNotNull(customDomains.verifiedAt), isNull(customDomains.certPem), lte(customDomains.nextCheckAt, now)) : sql`false`,
              d.acme ? and(isNotNull(customDomains.certNotAfter), lte(customDomains.certNotAfter, renewBefore), lte(customDomains.nextCheckAt, now), ne(customDomains.status, 'pending')) : sql`false`,
            ),
          ),
        )
        .limit(50)
      const isDue = (r: DomainRow) =>
        r.nextCheckAt <= now && (!r.verifiedAt || (d.acme !== null && (!r.certPem || (r.certNotAfter !== null && r.certNotAfter <= renewBefore && r.status !== 'pending'))))
      let worked = 0
      for (const { id } of due) {
        const row = await claim(d.orm, id, now)
        if (!row) continue // another node holds it
        // another node may have done it between the query and the claim: its lease ended, the work is not due
        if (!isDue(row)) {
          await release(row.id, {})
          continue
        }
        worked++
        if (!row.verifiedAt) {
          const hold = d.acme !== null && row.certPem === null
          if ((await check(row, now, hold)) && hold) await issue(row, now, false)
        } else await issue(row, now, row.certPem !== null)
      }
      return worked
    },

    /** Revokes a removed domain's certificate (best effort: the row is gone either way). */
    async revoke(row: DomainRow): Promise<void> {
      if (!d.acme || !row.certPem) return
      try {
        await revokeCertificate(d.acme, d.store, row.certPem)
      } catch (e) {
        d.log.warn({ err: e, hostname: row.hostname }, 'certificate revocation failed')
      }
    },
  }
}

export const activeRow = (hostname: string) => and(eq(customDomains.hostname, hostname), isNotNull(customDomains.verifiedAt), isNotNull(customDomains.certPem))
