// Newsletter: mailing lists per site, subscribers (a newsletter form is a form connected to a list: its e-mail
// answer subscribes inside the submission's transaction), signed unsubscribe links and CSV export.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { toCsv } from './csv.js'
import type { FormField } from './fields.js'
import { mailingLists, newsletterSubscribers } from './schema.js'
import type { Answers } from './values.js'

export const LIST_REQUIRED_MESSAGE = 'A List must be selected'
export const NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE = 300
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe'

export async function listLists(orm: Orm, siteId: string) {
  const rows = await orm
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      createdAt: mailingLists.createdAt,
      subscribers: sql<number>`(select count(*)::int from newsletter_subscribers s where s.list_id = mailing_lists.id and s.status = 'subscribed')`,
    })
    .from(mailingLists)
    .where(eq(mailingLists.siteId, siteId))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id))
  return rows.map((r) => ({ id: r.id, name: r.name, createdOn: r.createdAt.getTime(), subscribers: Number(r.subscribers) }))
}

export async function createList(orm: Orm, siteId: string, name: string) {
  const [row] = await orm.insert(mailingLists).values({ id: newId(), siteId, name }).returning()
  return { id: row!.id, name: row!.name, createdOn: row!.createdAt.getTime(), subscribers: 0 }
}

export async function requireList(orm: Orm, siteId: string, listId: string) {
  const [row] = await orm.select().from(mailingLists).where(and(eq(mailingLists.siteId, siteId), eq(mailingLists.id, listId)))
  if (!row) throw new AppError('invalid_data', 'list_required', LIST_REQUIRED_MESSAGE, { fields: { listId: LIST_REQUIRED_MESSAGE } })
  return row
}

/** Subscribes the first e-mail answer of a newsletter form to its list (again, when it had unsubscribed). */
export async function subscribeInTx(tx: Orm, siteId: string, listId: string, fields: readonly FormField[], answers: Answers): Promise<void> {
  const field = fields.find((f) => f.type === 'email' && typeof answers[f.id] === 'string' && answers[f.id] !== '')
  if (!field) return
  await requireList(tx, siteId, listId)
  const email = (answers[field.id] as string).toLowerCase()
  await tx
    .insert(newsletterSubscribers)
    .values({ id: newId(), siteId, listId, email })
    .onConflictDoUpdate({
      target: [newsletterSubscribers.listId, newsletterSubscribers.email],
      set: { status: 'subscribed', updatedAt: new Date() },
    })
}

export function unsubscribeToken(secret: string, subscriberId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${subscriberId}`).digest('base64url').slice(0, 32)
}

export function unsubscribeLink(baseUrl: string, secret: string, subscriberId: string): string {
  const q = new URLSearchParams({ s: subscriberId, t: unsubscribeToken(secret, subscriberId) })
  return `${baseUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?${q.toString()}`
}

function genuine(secret: string, subscriberId: string, token: string): boolean {
  const a = Buffer.from(unsubscribeToken(secret, subscriberId))
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The subscriber a signed link names (on this site), or null when the link is not genuine. */
export async function subscriberByLink(orm: Orm, siteId: string, secret: string, s: string, t: string) {
  if (!genuine(secret, s, t)) return null
  const [row] = await orm
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status, listName: mailingLists.name })
    .from(newsletterSubscribers)
    .innerJoin(mailingLists, eq(mailingLists.id, newsletterSubscribers.listId))
    .where(and(eq(newsletterSubscribers.siteId, siteId), eq(newsletterSubscribers.id, s)))
  return row ?? null
}

export async function unsubscribe(orm: Orm, siteId: string, subscriberId: string): Promise<void> {
  await orm
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', updatedAt: new Date() })
    .where(and(eq(newsletterSubscribers.siteId, siteId), eq(newsletterSubscribers.id, subscriberId)))
}

export async function listSubscribers(orm: Orm, siteId: string, listId: string) {
  await requireList(orm, siteId, listId)
  return orm
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.siteId, siteId), eq(newsletterSubscribers.listId, listId)))
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id))
}

/** CSV of a list: e-mail, status, subscribed on, and the signed unsubscribe link of each subscriber. */
export async function exportList(orm: Orm, siteId: string, listId: string, baseUrl: string, secret: string): Promise<string> {
  const rows = await listSubscribers(orm, siteId, listId)
  return toCsv(
    ['Email', 'Status', 'Subscribed On', 'Unsubscribe Link'],
    rows.map((r) => [r.email, r.status, r.createdAt.toISOString(), unsubscribeLink(baseUrl, secret, r.id)]),
  )
}
