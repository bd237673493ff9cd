// Websites: creation, settings, membership with website roles, host resolution. Every query is by site id.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { isUniqueViolation } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { SLUG_PATTERN } from '../../platform/slug.js'
import { isWebsiteRole, type WebsiteRole } from '../accounts/index.js'
import { siteMembers, websites } from './schema.js'
import { RESERVED_SLUGS, type SettingsPatch, type WebsiteSettings } from './validators.js'

export type Website = typeof websites.$inferSelect

export function settingsOf(w: Website): WebsiteSettings {
  return {
    title: w.title,
    commentsEnabled: w.commentsEnabled,
    disqusShortName: w.disqusShortName,
    simpleLikingEnabled: w.simpleLikingEnabled,
    likesRequireSignIn: w.likesRequireSignIn,
    timeZone: w.timeZone,
    useCLDRMoneyFormat: w.useCLDRMoneyFormat,
    currency: w.currency,
    locale: w.locale,
    iconImageId: w.iconImageId,
  }
}

/** A slug from a title: lower-case ASCII words joined by hyphens, 3..40 characters. */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '')
  return base.length >= 3 ? base : `site-${base || 'new'}`.replace(/-$/, '')
}

function slugTaken(): AppError {
  return new AppError('conflict', 'slug_taken', 'This site address is already taken.', {
    fields: { slug: 'This site address is already taken.' },
  })
}

/** Inserts a website; a chosen slug that is taken is a conflict, a derived one gets a numeric suffix. */
export async function insertWebsite(orm: Orm, input: { title: string; slug?: string | undefined }, ownerId: string | null = null): Promise<Website> {
  const chosen = input.slug
  if (chosen !== undefined) {
    if (!SLUG_PATTERN.test(chosen)) throw new AppError('invalid_data', 'validation_failed', 'Invalid site address.', { fields: { slug: 'Invalid site address.' } })
    if (RESERVED_SLUGS.has(chosen)) throw slugTaken()
  }
  const base = chosen ?? slugify(input.title)
  for (let n = 1; n <= 50; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 36)}-${n}`
    if (RESERVED_SLUGS.has(slug)) continue
    // Probe first: a failed INSERT would abort the caller's transaction on PostgreSQL.
    const [existing] = await orm.select({ id: websites.id }).from(websites).where(eq(websites.slug, slug))
    if (existing) {
      if (chosen !== undefined) throw slugTaken()
      continue
    }
    try {
      const [row] = await orm.insert(websites).values({ id: newId(), slug, title: input.title, ownerId }).returning()
      return row!
    } catch (e) {
      if (isUniqueViolation(e, 'websites_slug_key')) throw slugTaken() // lost a race with a concurrent sign-up
      throw e
    }
  }
  throw slugTaken()
}

export async function addMember(orm: Orm, siteId: string, ownerId: string, role: WebsiteRole): Promise<void> {
  await orm.insert(siteMembers).values({ siteId, ownerId, role }).onConflictDoNothing()
}

/** Gives every site role of one account to another (kept once where both had it), e.g. when a started site is claimed. */
export async function moveMembers(orm: Orm, fromOwnerId: string, toOwnerId: string): Promise<void> {
  const rows = await orm.select().from(siteMembers).where(eq(siteMembers.ownerId, fromOwnerId))
  for (const r of rows) await orm.insert(siteMembers).values({ siteId: r.siteId, ownerId: toOwnerId, role: r.role }).onConflictDoNothing()
  await orm.delete(siteMembers).where(eq(siteMembers.ownerId, fromOwnerId))
}

export async function removeMember(orm: Orm, siteId: string, ownerId: string): Promise<void> {
  await orm.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, ownerId)))
}

export async function rolesOf(orm: Orm, siteId: string, ownerId: string): Promise<WebsiteRole[]> {
  const rows = await orm
    .select({ role: siteMembers.role })
    .from(siteMembers)
    .where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, ownerId)))
  return rows.map((r) => r.role).filter(isWebsiteRole)
}

export async function getWebsite(orm: Orm, siteId: string): Promise<Website | null> {
  const [row] = await orm.select().from(websites).where(eq(websites.id, siteId))
  return row ?? null
}

export async function websiteBySlug(orm: Orm, slug: string): Promise<Website | null> {
  const [row] = await orm.select().from(websites).where(eq(websites.slug, slug))
  return row ?? null
}

/** The sites an owner is a member of, with their roles, oldest first. */
export async function sitesOfOwner(orm: Orm, ownerId: string): Promise<{ site: Website; roles: WebsiteRole[] }[]> {
  const rows = await orm
    .select({ site: websites, role: siteMembers.role })
    .from(siteMembers)
    .innerJoin(websites, eq(websites.id, siteMembers.siteId))
    .where(eq(siteMembers.ownerId, ownerId))
    .orderBy(asc(websites.createdAt), asc(websites.id))
  const bySite = new Map<string, { site: Website; roles: WebsiteRole[] }>()
  for (const r of rows) {
    const entry = bySite.get(r.site.id) ?? { site: r.site, roles: [] }
    if (isWebsiteRole(r.role)) entry.roles.push(r.role)
    bySite.set(r.site.id, entry)
  }
  return [...bySite.values()]
}

export async function updateSettings(orm: Orm, siteId: string, patch: SettingsPatch): Promise<Website> {
  const [row] = await orm
    .update(websites)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(websites.id, siteId))
    .returning()
  if (!row) throw new AppError('not_found', 'site_not_found', 'No such site.')
  return row
}

export async function countWebsites(orm: Orm, ids?: string[]): Promise<number> {
  const q = orm.select({ n: sql<number>`count(*)::int` }).from(websites)
  const [row] = ids ? await q.where(inArray(websites.id, ids)) : await q
  return Number(row?.n ?? 0)
}
