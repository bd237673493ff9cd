// Owner sign-up that never tells whether an email already has an account. Every sign-up hashes the password, creates
// an account row, a site and a mailed one-time link, signs the browser in and answers 201 with the same shape:
// - a new email gets its account; the link confirms the address;
// - an email that already has an account gets a provisional account (a placeholder address, so signing in with the
//   real address still finds only the real account); the link, mailed to that address, lets its owner add the
//   started site to their account. Whoever does not control the mailbox keeps a site only for this browser session.
import { and, eq, gt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { isUniqueViolation } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newToken, sha256Hex } from '../../platform/ids.js'
import { findOwnerByEmail, prepareOwner, type Owner } from './service.js'
import { owners, ownerTokens } from './schema.js'

export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const LINK_EXPIRED = 'This link has expired or was already used.'

export type LinkPurpose = 'verify-email' | 'claim'

/** What to mail after a sign-up: the welcome with its confirmation link, or the claim link to the address's owner. */
export type SignupNotice = { kind: 'welcome'; to: string; token: string } | { kind: 'claim'; to: string; token: string }

export interface SignupInput {
  email: string
  password: string
  name?: string | undefined
  siteTitle: string
  slug?: string | undefined
}

type CreateSite<S> = (tx: Orm, ownerId: string, input: { title: string; slug?: string | undefined }) => Promise<S>

/** The placeholder address of a provisional account (`.invalid` never resolves, RFC 2606). */
const placeholderEmail = (id: string) => `provisional-${id}@claim.invalid`

async function issueToken(tx: Orm, ownerId: string, purpose: LinkPurpose, now = Date.now()): Promise<string> {
  const token = newToken()
  await tx.insert(ownerTokens).values({ id: sha256Hex(token), ownerId, purpose, expiresAt: new Date(now + LINK_TTL_MS) })
  return token
}

/** Creates the account (real or provisional), its first site and its link in one transaction. */
export async function signUp<S>(orm: Orm, input: SignupInput, createSite: CreateSite<S>): Promise<{ owner: Owner; site: S; notice: SignupNotice }> {
  const row = await prepareOwner(input) // the slow hash, outside the transaction, the same for both cases
  const attempt = () =>
    orm.transaction(async (tx) => {
      const existing = await findOwnerByEmail(tx, row.email)
      const stored = existing ? { ...row, email: placeholderEmail(row.id), claimsEmail: row.email } : row
      await tx.insert(owners).values(stored)
      const site = await createSite(tx, row.id, { title: input.siteTitle, slug: input.slug })
      const token = await issueToken(tx, row.id, existing ? 'claim' : 'verify-email')
      const owner: Owner = { id: row.id, email: row.email, name: row.name }
      const notice: SignupNotice = { kind: existing ? 'claim' : 'welcome', to: row.email, token }
      return { owner, site, notice }
    })
  try {
    return await attempt()
  } catch (e) {
    // Two sign-ups of one new email at once: the later one lost the race for the address; it is now a taken one.
    if (isUniqueViolation(e, 'owners_email_key')) return attempt()
    throw e
  }
}

/** The account a live link belongs to (its purpose must match), else 404 link_expired. */
async function linkOwner(orm: Orm, token: string, purpose: LinkPurpose) {
  const [row] = await orm
    .select({ owner: owners, tokenId: ownerTokens.id })
    .from(ownerTokens)
    .innerJoin(owners, eq(owners.id, ownerTokens.ownerId))
    .where(and(eq(ownerTokens.id, sha256Hex(token)), eq(ownerTokens.purpose, purpose), gt(ownerTokens.expiresAt, new Date())))
  if (!row) throw new AppError('not_found', 'link_expired', LINK_EXPIRED)
  return row
}

/** Who a link is for, to show on its confirmation page before anything changes. */
export async function describeLink(orm: Orm, token: string, purpose: LinkPurpose): Promise<{ ownerId: string; email: string }> {
  const { owner } = await linkOwner(orm, token, purpose)
  return { ownerId: owner.id, email: owner.claimsEmail ?? owner.email }
}

/** Confirms the address of the link's account (the link works once). */
export async function verifyEmail(orm: Orm, token: string): Promise<Owner> {
  return orm.transaction(async (tx) => {
    const { owner, tokenId } = await linkOwner(tx, token, 'verify-email')
    await tx.update(owners).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(owners.id, owner.id))
    await tx.delete(ownerTokens).where(eq(ownerTokens.id, tokenId))
    return { id: owner.id, email: owner.email, name: owner.name }
  })
}

/**
 * The mailbox owner adds a provisional account's sites to their account (moved by `moveSites`), and the provisional
 * account is removed with its sessions. If the address's account is gone meanwhile, the provisional account becomes
 * the account of the address. Either way the address is now confirmed.
 */
export async function claimSites(orm: Orm, token: string, moveSites: (tx: Orm, fromOwnerId: string, toOwnerId: string) => Promise<void>): Promise<Owner> {
  return orm.transaction(async (tx) => {
    const { owner: provisional } = await linkOwner(tx, token, 'claim')
    const email = provisional.claimsEmail ?? provisional.email
    const now = new Date()
    const [real] = await tx.select().from(owners).where(eq(owners.email, email))
    if (!real) {
      await tx.update(owners).set({ email, claimsEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(owners.id, provisional.id))
      await tx.delete(ownerTokens).where(eq(ownerTokens.ownerId, provisional.id))
      return { id: provisional.id, email, name: provisional.name }
    }
    await moveSites(tx, provisional.id, real.id)
    await tx.delete(owners).where(eq(owners.id, provisional.id))
    await tx.update(owners).set({ emailVerifiedAt: real.emailVerifiedAt ?? now }).where(eq(owners.id, real.id))
    return { id: real.id, email: real.email, name: real.name }
  })
}
