// Owner accounts and their database sessions.
import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { isUniqueViolation } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId, newToken, sha256Hex } from '../../platform/ids.js'
import { burnVerification, hashPassword, verifyPassword } from './passwords.js'
import { ownerKnownAddresses, ownerSessions, ownerTokens, owners } from './schema.js'
import { reserveAttempt, settleSuccess, sweepThrottle, tooManyAttempts, type ThrottlePlan } from './throttle.js'

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

/** A provisional account shows the address it was signed up with (its own stored address is a placeholder). */
const toOwner = (r: { id: string; email: string; name: string; claimsEmail?: string | null }): Owner => ({
  id: r.id,
  email: r.claimsEmail ?? r.email,
  name: r.name,
})

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

export async function ownersByIds(orm: Orm, ids: readonly string[]): Promise<Owner[]> {
  if (!ids.length) return []
  return (await orm.select().from(owners).where(inArray(owners.id, [...ids]))).map(toOwner)
}

/** The account of an address (provisional accounts are never found by address: theirs is a placeholder). */
export async function findOwnerByEmail(orm: Orm, email: string): Promise<Owner | null> {
  const [row] = await orm.select().from(owners).where(eq(owners.email, normalizeEmail(email)))
  return row ? toOwner(row) : null
}

/** Where a sign-in attempt comes from. */
export interface LoginSource {
  address: string
  /** The device id of the request's genuine device cookie for this owner, else null. */
  deviceOf(ownerId: string): string | null
}

export const loginKeys = {
  pair: (email: string, address: string) => `login:${email}|${address}`,
  account: (email: string) => `account:${email}`,
  address: (address: string) => `address:${address}`,
  device: (deviceId: string) => `device:${deviceId}`,
}

/**
 * The throttle keys of a sign-in attempt. From a known device of the owner: that device alone. From an address the
 * owner has signed in from: that account-and-address pair alone. From anywhere else: the pair (which backs off
 * exponentially), the address (spraying many accounts) and the account (many addresses; one address can use up at
 * most half of it, so a single attacker cannot lock the owner out of new places either).
 */
export function loginPlan(email: string, address: string, device: string | null, knownAddress: boolean): { plan: ThrottlePlan; own: string } {
  if (device) return { plan: { keys: [loginKeys.device(device)] }, own: loginKeys.device(device) }
  const pair = loginKeys.pair(email, address)
  if (knownAddress) return { plan: { keys: [pair] }, own: pair }
  return { plan: { keys: [pair, loginKeys.address(address)], shared: { key: loginKeys.account(email), source: pair } }, own: pair }
}

async function isKnownAddress(orm: Orm, ownerId: string, address: string): Promise<boolean> {
  const rows = await orm
    .select({ a: ownerKnownAddresses.address })
    .from(ownerKnownAddresses)
    .where(and(eq(ownerKnownAddresses.ownerId, ownerId), eq(ownerKnownAddresses.address, address)))
  return rows.length > 0
}

/** Remembers an address the owner has signed in (or up) from. */
export async function rememberAddress(orm: Orm, ownerId: string, address: string, now = new Date()): Promise<void> {
  await orm
    .insert(ownerKnownAddresses)
    .values({ ownerId, address, lastSeenAt: now })
    .onConflictDoUpdate({ target: [ownerKnownAddresses.ownerId, ownerKnownAddresses.address], set: { lastSeenAt: now } })
}

export const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.'

/**
 * Checks the password under the login throttle (the attempt is counted before the password is checked, so parallel
 * guesses cannot overrun the limit); throws unauthorized or rate_limited.
 */
export async function authenticate(orm: Orm, email: string, password: string, source: LoginSource): Promise<Owner> {
  const normalized = normalizeEmail(email)
  const [row] = await orm.select().from(owners).where(eq(owners.email, normalized))
  const device = row ? source.deviceOf(row.id) : null
  // Always asked (unknown emails too), so the answer takes the same time either way.
  const known = device === null && (await isKnownAddress(orm, row?.id ?? '', source.address))
  const { plan, own } = loginPlan(normalized, source.address, device, known)
  const reservation = await reserveAttempt(orm, plan)
  if (!reservation.ok) throw tooManyAttempts(reservation.retryAfter, TOO_MANY_SIGN_INS)
  const ok = row ? await verifyPassword(row.passwordHash, password) : (await burnVerification(password), false)
  if (!row || !ok) throw new AppError('unauthorized', 'invalid_credentials', 'The email or password is not correct.')
  await settleSuccess(orm, reservation, [own])
  await rememberAddress(orm, row.id, source.address)
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
    .select({ id: owners.id, email: owners.email, name: owners.name, claimsEmail: owners.claimsEmail })
    .from(ownerSessions)
    .innerJoin(owners, eq(owners.id, ownerSessions.ownerId))
    .where(and(eq(ownerSessions.id, id), gt(ownerSessions.expiresAt, new Date())))
  return row ? { ownerId: row.id, owner: toOwner(row), sessionId: id } : null
}

export async function deleteSession(orm: Orm, token: string): Promise<void> {
  await orm.delete(ownerSessions).where(eq(ownerSessions.id, sha256Hex(token)))
}

export const KNOWN_ADDRESS_TTL_MS = 180 * 24 * 60 * 60 * 1000

/** Deletes expired sessions, lapsed throttle keys and addresses not used for KNOWN_ADDRESS_TTL_MS. */
export async function sweep(orm: Orm, now = new Date()): Promise<void> {
  await orm.delete(ownerSessions).where(lt(ownerSessions.expiresAt, now))
  await sweepThrottle(orm, now)
  await orm.delete(ownerTokens).where(lt(ownerTokens.expiresAt, now))
  await orm.delete(ownerKnownAddresses).where(lt(ownerKnownAddresses.lastSeenAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)))
}

export async function countOwners(orm: Orm): Promise<number> {
  const rows = await orm.select({ id: owners.id }).from(owners).limit(1)
  return rows.length
}
