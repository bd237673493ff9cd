// Owner accounts and their database sessions.
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { isUniqueViolation } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId, newToken, sha256Hex } from '../../platform/ids.js'
import { burnVerification, hashPassword, verifyPassword } from './passwords.js'
import { loginThrottle, ownerSessions, owners } from './schema.js'
import { WINDOW_MS, assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './throttle.js'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export interface Owner {
  id: string
  email: string
  name: string
}

/** The signed-in owner of a request. */
export interface OwnerSession {
  ownerId: string
  owner: Owner
  /** SHA-256 of the cookie token (the row id). */
  sessionId: string
}

const toOwner = (r: { id: string; email: string; name: string }): Owner => ({ id: r.id, email: r.email, name: r.name })

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Hash first (slow), then call `insertOwner` inside a short transaction. */
export async function prepareOwner(input: { email: string; password: string; name?: string | undefined }) {
  return { id: newId(), email: normalizeEmail(input.email), name: input.name?.trim() ?? '', passwordHash: await hashPassword(input.password) }
}

export async function insertOwner(orm: Orm, row: Awaited<ReturnType<typeof prepareOwner>>): Promise<Owner> {
  try {
    const [created] = await orm.insert(owners).values(row).returning()
    return toOwner(created!)
  } catch (e) {
    if (isUniqueViolation(e, 'owners_email_key')) {
      throw new AppError('conflict', 'email_taken', 'An account with this email already exists.', {
        fields: { email: 'An account with this email already exists.' },
      })
    }
    throw e
  }
}

export async function findOwnerByEmail(orm: Orm, email: string): Promise<Owner | null> {
  const [row] = await orm.select().from(owners).where(eq(owners.email, normalizeEmail(email)))
  return row ? toOwner(row) : null
}

/** Checks the password under the login throttle; throws unauthorized or rate_limited. */
export async function authenticate(orm: Orm, email: string, password: string, address: string): Promise<Owner> {
  const normalized = normalizeEmail(email)
  const keys = throttleKeys(normalized, address)
  await assertNotThrottled(orm, keys)
  const [row] = await orm.select().from(owners).where(eq(owners.email, normalized))
  const ok = row ? await verifyPassword(row.passwordHash, password) : (await burnVerification(password), false)
  if (!row || !ok) {
    await recordFailure(orm, keys)
    throw new AppError('unauthorized', 'invalid_credentials', 'The email or password is not correct.')
  }
  await clearFailures(orm, keys[0]!)
  return toOwner(row)
}

/** Creates a session; returns the cookie token (only its hash is stored). */
export async function createSession(orm: Orm, ownerId: string, now = Date.now()): Promise<string> {
  const token = newToken()
  await orm.insert(ownerSessions).values({ id: sha256Hex(token), ownerId, expiresAt: new Date(now + SESSION_TTL_MS) })
  return token
}

export async function sessionByToken(orm: Orm, token: string): Promise<OwnerSession | null> {
  const id = sha256Hex(token)
  const [row] = await orm
    .select({ id: owners.id, email: owners.email, name: owners.name })
    .from(ownerSessions)
    .innerJoin(owners, eq(owners.id, ownerSessions.ownerId))
    .where(and(eq(ownerSessions.id, id), gt(ownerSessions.expiresAt, new Date())))
  return row ? { ownerId: row.id, owner: toOwner(row), sessionId: id } : null
}

export async function deleteSession(orm: Orm, token: string): Promise<void> {
  await orm.delete(ownerSessions).where(eq(ownerSessions.id, sha256Hex(token)))
}

/** Deletes expired sessions and ended throttle windows. */
export async function sweep(orm: Orm, now = new Date()): Promise<void> {
  await orm.delete(ownerSessions).where(lt(ownerSessions.expiresAt, now))
  await orm.delete(loginThrottle).where(lt(loginThrottle.windowStartedAt, new Date(now.getTime() - WINDOW_MS)))
}

export async function countOwners(orm: Orm): Promise<number> {
  const rows = await orm.select({ id: owners.id }).from(owners).limit(1)
  return rows.length
}
