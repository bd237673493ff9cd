// Site members: accounts per site, sessions, one-use mail links. Every query is scoped by site id.
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { isUniqueViolation } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId, newToken, sha256Hex } from '../../platform/ids.js'
import { siteUserSessions, siteUserTokens, siteUsers } from './schema.js'

/** A session without 'remember me' lasts a day; with it, 30 days (and its cookie outlives the browser). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const LINK_TTL_MS = { verify: 3 * 24 * 60 * 60 * 1000, reset: 60 * 60 * 1000 } as const

export type SiteUserRow = typeof siteUsers.$inferSelect

export interface SiteUser {
  id: string
  email: string
  name: string
  verified: boolean
  newsletter: boolean
  tags: string[]
  compAccess: boolean
  createdAt: string
}

export const toSiteUser = (r: SiteUserRow): SiteUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  verified: r.emailVerifiedAt !== null,
  newsletter: r.newsletter,
  tags: r.tags,
  compAccess: r.compAccess,
  createdAt: r.createdAt.toISOString(),
})

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export async function findUserByEmail(orm: Orm, siteId: string, email: string): Promise<SiteUserRow | null> {
  const [row] = await orm.select().from(siteUsers).where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.email, normalizeEmail(email))))
  return row ?? null
}

export async function getUser(orm: Orm, siteId: string, userId: string): Promise<SiteUserRow | null> {
  const [row] = await orm.select().from(siteUsers).where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.id, userId)))
  return row ?? null
}

/** Inserts a member; null when the email is taken on the site (the caller answers the same either way). */
export async function insertUser(
  orm: Orm,
  siteId: string,
  input: { email: string; name: string; passwordHash: string; verified?: boolean; tags?: string[] },
): Promise<SiteUserRow | null> {
  try {
    const [row] = await orm
      .insert(siteUsers)
      .values({ id: newId(), siteId, email: normalizeEmail(input.email), name: input.name, passwordHash: input.passwordHash, emailVerifiedAt: input.verified ? new Date() : null, tags: input.tags ?? [] })
      .returning()
    return row!
  } catch (e) {
    if (isUniqueViolation(e, 'site_users_site_email_key')) return null
    throw e
  }
}

export async function updateUser(orm: Orm, siteId: string, userId: string, patch: Partial<Pick<SiteUserRow, 'name' | 'newsletter' | 'passwordHash' | 'tags' | 'compAccess' | 'cartToken' | 'emailVerifiedAt' | 'lastSignInAt'>>): Promise<SiteUserRow | null> {
  const [row] = await orm.update(siteUsers).set(patch).where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.id, userId))).returning()
  return row ?? null
}

/** Deletes the member and, through the foreign keys, their sessions, links and addresses. */
export async function deleteUser(orm: Orm, siteId: string, userId: string): Promise<boolean> {
  const rows = await orm.delete(siteUsers).where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.id, userId))).returning({ id: siteUsers.id })
  return rows.length > 0
}

/** A one-use mail link token for the member (older links of the same kind stop working). */
export async function createLinkToken(orm: Orm, siteId: string, userId: string, kind: 'verify' | 'reset', now = Date.now()): Promise<string> {
  const token = newToken()
  await orm.transaction(async (tx) => {
    await tx.delete(siteUserTokens).where(and(eq(siteUserTokens.siteId, siteId), eq(siteUserTokens.userId, userId), eq(siteUserTokens.kind, kind)))
    await tx.insert(siteUserTokens).values({ id: sha256Hex(token), siteId, userId, kind, expiresAt: new Date(now + LINK_TTL_MS[kind]) })
  })
  return token
}

/** Uses up a link token: the member id, or AppError `link_invalid` (unknown, used, expired or of another site). */
export async function consumeLinkToken(orm: Orm, siteId: string, token: string, kind: 'verify' | 'reset'): Promise<string> {
  const rows = await orm
    .delete(siteUserTokens)
    .where(and(eq(siteUserTokens.id, sha256Hex(token)), eq(siteUserTokens.siteId, siteId), eq(siteUserTokens.kind, kind), gt(siteUserTokens.expiresAt, new Date())))
    .returning({ userId: siteUserTokens.userId })
  if (!rows[0]) throw new AppError('invalid_data', 'link_invalid', 'This link has expired or was already used. Please ask for a new one.')
  return rows[0].userId
}

export async function createSession(orm: Orm, siteId: string, userId: string, remember: boolean, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(now + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS))
  await orm.insert(siteUserSessions).values({ id: sha256Hex(token), siteId, userId, remember, expiresAt })
  return { token, expiresAt }
}

/** The member of a session token on this site (a token of another site is nobody here). */
export async function userBySession(orm: Orm, siteId: string, token: string): Promise<SiteUserRow | null> {
  const [row] = await orm
    .select({ user: siteUsers })
    .from(siteUserSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.userId))
    .where(and(eq(siteUserSessions.id, sha256Hex(token)), eq(siteUserSessions.siteId, siteId), eq(siteUsers.siteId, siteId), gt(siteUserSessions.expiresAt, new Date())))
  return row?.user ?? null
}

export async function deleteSession(orm: Orm, siteId: string, token: string): Promise<void> {
  await orm.delete(siteUserSessions).where(and(eq(siteUserSessions.id, sha256Hex(token)), eq(siteUserSessions.siteId, siteId)))
}

/** Ends every session of the member (after a password reset). */
export async function deleteSessionsOf(orm: Orm, siteId: string, userId: string): Promise<void> {
  await orm.delete(siteUserSessions).where(and(eq(siteUserSessions.siteId, siteId), eq(siteUserSessions.userId, userId)))
}

export async function sweepMembers(orm: Orm, now = new Date()): Promise<void> {
  await orm.delete(siteUserSessions).where(lt(siteUserSessions.expiresAt, now))
  await orm.delete(siteUserTokens).where(lt(siteUserTokens.expiresAt, now))
}
