// The owner's side of site members: list and search, tags, comp access, removal, CSV export. Every query is scoped
// by site id.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { OwnerMember } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { siteUsers } from './schema.js'
import { deleteUser, type SiteUserRow } from './service.js'

export const toOwnerMember = (r: SiteUserRow): OwnerMember => ({
  id: r.id,
  email: r.email,
  name: r.name,
  verified: r.emailVerifiedAt !== null,
  newsletter: r.newsletter,
  tags: r.tags,
  compAccess: r.compAccess,
  createdAt: r.createdAt.toISOString(),
  lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
})

export const MEMBERS_PAGE_SIZE = 50
export const MAX_TAGS = 20

/** `q` matches the name or the email (any part, any case); `tag` keeps members carrying it. */
function filterOf(siteId: string, q: string, tag: string): SQL {
  const parts: SQL[] = [eq(siteUsers.siteId, siteId)]
  const text = q.trim()
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(or(ilike(siteUsers.name, like), ilike(siteUsers.email, like))!)
  }
  if (tag) parts.push(sql`${siteUsers.tags} @> ${JSON.stringify([tag])}::jsonb`)
  return and(...parts)!
}

export async function listMembers(orm: Orm, siteId: string, o: { q: string; tag: string; page: number; pageSize?: number }) {
  const size = o.pageSize ?? MEMBERS_PAGE_SIZE
  const where = filterOf(siteId, o.q, o.tag)
  const [rows, [total]] = await Promise.all([
    orm.select().from(siteUsers).where(where).orderBy(desc(siteUsers.createdAt), asc(siteUsers.id)).limit(size).offset((o.page - 1) * size),
    orm.select({ n: count() }).from(siteUsers).where(where),
  ])
  return { members: rows.map(toOwnerMember), total: total?.n ?? 0, page: o.page, pageSize: size }
}

/** Every tag the site's members carry, sorted. */
export async function memberTags(orm: Orm, siteId: string): Promise<string[]> {
  const rows = await orm.select({ tags: siteUsers.tags }).from(siteUsers).where(eq(siteUsers.siteId, siteId))
  return [...new Set(rows.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b))
}

/** Adds and removes tags and sets comp access in one transaction (the row is locked while it changes). */
export async function changeMember(orm: Orm, siteId: string, memberId: string, patch: { addTags?: string[]; removeTags?: string[]; compAccess?: boolean }): Promise<OwnerMember> {
  return orm.transaction(async (tx) => {
    const [row] = await tx.select().from(siteUsers).where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.id, memberId))).for('update')
    if (!row) throw new AppError('not_found', 'member_not_found', 'No such member.')
    const remove = new Set(patch.removeTags ?? [])
    const tags = [...new Set([...row.tags.filter((t) => !remove.has(t)), ...(patch.addTags ?? [])])]
    if (tags.length > MAX_TAGS) throw new AppError('invalid_data', 'too_many_tags', `A member carries at most ${MAX_TAGS} tags.`, { fields: { addTags: `At most ${MAX_TAGS} tags.` } })
    const [updated] = await tx
      .update(siteUsers)
      .set({ tags, ...(patch.compAccess === undefined ? {} : { compAccess: patch.compAccess }) })
      .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.id, memberId)))
      .returning()
    return toOwnerMember(updated!)
  })
}

export async function removeMember(orm: Orm, siteId: string, memberId: string): Promise<void> {
  if (!(await deleteUser(orm, siteId, memberId))) throw new AppError('not_found', 'member_not_found', 'No such member.')
}

// CSV (RFC 4180, every field quoted); a cell starting like a formula gets an apostrophe so spreadsheets show it as text.
const cell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`
const line = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`

export async function membersCsv(orm: Orm, siteId: string, q: string, tag: string): Promise<string> {
  const rows = await orm.select().from(siteUsers).where(filterOf(siteId, q, tag)).orderBy(asc(siteUsers.createdAt), asc(siteUsers.id))
  const header = ['Email', 'Name', 'Verified', 'Newsletter', 'Tags', 'Comp access', 'Joined', 'Last sign-in']
  return (
    line(header) +
    rows
      .map((r) => line([r.email, r.name, r.emailVerifiedAt ? 'yes' : 'no', r.newsletter ? 'yes' : 'no', r.tags.join('; '), r.compAccess ? 'yes' : 'no', r.createdAt.toISOString(), r.lastSignInAt?.toISOString() ?? '']))
      .join('')
  )
}
