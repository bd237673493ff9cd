// Custom domain rows: add (with the per-site limit and the one-site-per-hostname rule), list, primary, remove, and
// the wire shape. Work on a row (checks, orders) claims it first with a lease, so one node does it at a time.
import { DOMAIN_TXT_PREFIX, MAX_DOMAINS_PER_SITE, type CustomDomain, type DomainStatus } from '@sitewright/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import { isUniqueViolation, sqlRows, type Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId, newToken } from '../../platform/ids.js'
import { customDomains, type DomainRow } from './schema.js'

/** A lease on a row's work (a check, an order, a renewal) lasts this long; a dead node's lease simply ends. */
export const LEASE_MS = 120_000

export const txtValue = (row: Pick<DomainRow, 'token'>) => `sitewright-verify=${row.token}`

export function present(row: DomainRow): CustomDomain {
  const out: CustomDomain = {
    id: row.id,
    hostname: row.hostname,
    status: row.status as DomainStatus,
    primary: row.isPrimary,
    verification: { type: 'TXT', name: `${DOMAIN_TXT_PREFIX}${row.hostname}`, value: txtValue(row) },
  }
  if (row.certPem && row.certNotAfter) out.certificate = { issuer: row.certIssuer ?? '', notAfter: row.certNotAfter.toISOString() }
  if (row.error) out.error = row.error
  return out
}

export const listRows = (orm: Orm, siteId: string) =>
  orm.select().from(customDomains).where(eq(customDomains.siteId, siteId)).orderBy(asc(customDomains.createdAt), asc(customDomains.hostname))

export async function getRow(orm: Orm, siteId: string, id: string): Promise<DomainRow> {
  const [row] = await orm.select().from(customDomains).where(and(eq(customDomains.siteId, siteId), eq(customDomains.id, id)))
  if (!row) throw new AppError('not_found', 'domain_not_found', 'No such domain on this site.')
  return row
}

export async function rowByHost(orm: Orm, hostname: string): Promise<DomainRow | null> {
  const [row] = await orm.select().from(customDomains).where(eq(customDomains.hostname, hostname))
  return row ?? null
}

export async function addRow(orm: Orm, siteId: string, hostname: string): Promise<DomainRow> {
  const held = await rowByHost(orm, hostname)
  if (held?.siteId === siteId) throw new AppError('conflict', 'domain_exists', `${hostname} is already connected to this site.`)
  if (held) throw new AppError('conflict', 'domain_taken', `${hostname} is connected to another site. Remove it there first.`)
  return orm.transaction(async (tx) => {
    // one site's adds take turns (the limit holds under concurrent adds)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`custom-domains:${siteId}`}))`)
    const existing = await listRows(tx, siteId)
    if (existing.length >= MAX_DOMAINS_PER_SITE) throw new AppError('unprocessable', 'domain_limit', `A site can have at most ${MAX_DOMAINS_PER_SITE} custom domains. Remove one first.`)
    try {
      const [row] = await tx
        .insert(customDomains)
        .values({ id: newId(), siteId, hostname, token: newToken().slice(0, 32), isPrimary: existing.length === 0 })
        .returning()
      return row!
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('conflict', 'domain_taken', `${hostname} is connected to another site. Remove it there first.`)
      throw e
    }
  })
}

export async function makePrimary(orm: Orm, siteId: string, id: string): Promise<void> {
  await getRow(orm, siteId, id)
  await orm.transaction(async (tx) => {
    await tx.update(customDomains).set({ isPrimary: false, updatedAt: new Date() }).where(and(eq(customDomains.siteId, siteId), eq(customDomains.isPrimary, true)))
    await tx.update(customDomains).set({ isPrimary: true, updatedAt: new Date() }).where(eq(customDomains.id, id))
  })
}

/** Deletes the row; the next domain (oldest) becomes primary if it was. */
export async function deleteRow(orm: Orm, siteId: string, id: string): Promise<DomainRow> {
  return orm.transaction(async (tx) => {
    const [row] = await tx.delete(customDomains).where(and(eq(customDomains.siteId, siteId), eq(customDomains.id, id))).returning()
    if (!row) throw new AppError('not_found', 'domain_not_found', 'No such domain on this site.')
    if (row.isPrimary) {
      const [next] = await listRows(tx, siteId).limit(1)
      if (next) await tx.update(customDomains).set({ isPrimary: true }).where(eq(customDomains.id, next.id))
    }
    return row
  })
}

/** Claims the row's work for LEASE_MS; null when another node holds it. */
export async function claim(orm: Orm, id: string, now: Date): Promise<DomainRow | null> {
  const until = new Date(now.getTime() + LEASE_MS)
  const rows = await sqlRows<{ id: string }>(
    orm,
    sql`UPDATE custom_domains SET lease_until = ${until.toISOString()}::timestamptz WHERE id = ${id} AND (lease_until IS NULL OR lease_until < ${now.toISOString()}::timestamptz) RETURNING id`,
  )
  if (!rows.length) return null
  const [row] = await orm.select().from(customDomains).where(eq(customDomains.id, id))
  return row ?? null
}

export async function update(orm: Orm, id: string, set: Partial<typeof customDomains.$inferInsert>): Promise<void> {
  await orm.update(customDomains).set({ ...set, updatedAt: new Date() }).where(eq(customDomains.id, id))
}
