// Contributors of a site: invitations by email to a website role (accepted through a one-use link by the owner
// account of that email), role changes, removal and ownership transfer. The owner keeps ADMIN and cannot be
// removed or demoted; only they may hand the site to another contributor.
import { and, eq, gt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newToken, sha256Hex } from '../../platform/ids.js'
import { WEBSITE_ROLES, isWebsiteRole, primaryRole, roleName, type WebsiteRole } from '../accounts/index.js'
import { siteInvitations, siteMembers, websites } from './schema.js'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export interface ContributorRow {
  ownerId: string
  role: WebsiteRole
  roleName: string
  owner: boolean
}

export async function siteOwnerId(orm: Orm, siteId: string): Promise<string | null> {
  const [row] = await orm.select({ ownerId: websites.ownerId }).from(websites).where(eq(websites.id, siteId))
  return row?.ownerId ?? null
}

export async function listContributors(orm: Orm, siteId: string): Promise<ContributorRow[]> {
  const rows = await orm.select({ ownerId: siteMembers.ownerId, role: siteMembers.role }).from(siteMembers).where(eq(siteMembers.siteId, siteId)).orderBy(siteMembers.createdAt)
  const owner = await siteOwnerId(orm, siteId)
  const byOwner = new Map<string, WebsiteRole[]>()
  for (const r of rows) if (isWebsiteRole(r.role)) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r.role])
  return [...byOwner].map(([ownerId, roles]) => {
    const role = primaryRole(roles)!
    return { ownerId, role, roleName: roleName(role), owner: ownerId === owner }
  })
}

export async function listInvitations(orm: Orm, siteId: string) {
  const rows = await orm.select().from(siteInvitations).where(and(eq(siteInvitations.siteId, siteId), gt(siteInvitations.expiresAt, new Date()))).orderBy(siteInvitations.createdAt)
  return rows.filter((r) => isWebsiteRole(r.role)).map((r) => ({ id: r.id, email: r.email, role: r.role, roleName: roleName(r.role as WebsiteRole), expiresAt: r.expiresAt.toISOString() }))
}

/** A new invitation (an earlier one for the same email is replaced); returns the link's token. */
export async function createInvitation(orm: Orm, siteId: string, invitedBy: string, email: string, role: WebsiteRole, now = Date.now()): Promise<string> {
  const token = newToken()
  const normalized = email.trim().toLowerCase()
  await orm.transaction(async (tx) => {
    await tx.delete(siteInvitations).where(and(eq(siteInvitations.siteId, siteId), eq(siteInvitations.email, normalized)))
    await tx.insert(siteInvitations).values({ id: sha256Hex(token), siteId, email: normalized, role, invitedBy, expiresAt: new Date(now + INVITATION_TTL_MS) })
  })
  return token
}

export async function revokeInvitation(orm: Orm, siteId: string, id: string): Promise<void> {
  const rows = await orm.delete(siteInvitations).where(and(eq(siteInvitations.siteId, siteId), eq(siteInvitations.id, id))).returning({ id: siteInvitations.id })
  if (!rows.length) throw new AppError('not_found', 'invitation_not_found', 'No such invitation.')
}

/** Accepts an invitation for the signed-in owner whose email it was sent to; returns the site id. */
export async function acceptInvitation(orm: Orm, token: string, owner: { id: string; email: string }): Promise<string> {
  return orm.transaction(async (tx) => {
    const [inv] = await tx.select().from(siteInvitations).where(and(eq(siteInvitations.id, sha256Hex(token)), gt(siteInvitations.expiresAt, new Date())))
    if (!inv || !isWebsiteRole(inv.role)) throw new AppError('not_found', 'invitation_not_found', 'This invitation has expired or was already used.')
    if (inv.email !== owner.email.toLowerCase()) throw new AppError('forbidden', 'invitation_for_another_email', `This invitation was sent to ${inv.email}. Sign in with that account to accept it.`)
    await tx.delete(siteMembers).where(and(eq(siteMembers.siteId, inv.siteId), eq(siteMembers.ownerId, owner.id)))
    await tx.insert(siteMembers).values({ siteId: inv.siteId, ownerId: owner.id, role: inv.role })
    await tx.delete(siteInvitations).where(eq(siteInvitations.id, inv.id))
    return inv.siteId
  })
}

async function requireContributor(tx: Orm, siteId: string, ownerId: string): Promise<void> {
  const rows = await tx.select({ role: siteMembers.role }).from(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, ownerId)))
  if (!rows.length) throw new AppError('not_found', 'contributor_not_found', 'No such contributor.')
}

/** Gives the contributor exactly `role` (the owner's ADMIN role cannot be changed). */
export async function changeRole(orm: Orm, siteId: string, ownerId: string, role: WebsiteRole): Promise<void> {
  await orm.transaction(async (tx) => {
    await requireContributor(tx, siteId, ownerId)
    if ((await siteOwnerId(tx, siteId)) === ownerId) throw new AppError('conflict', 'owner_role_fixed', 'The site owner is always an admin. Transfer the ownership first.')
    await tx.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, ownerId)))
    await tx.insert(siteMembers).values({ siteId, ownerId, role })
  })
}

export async function removeContributor(orm: Orm, siteId: string, ownerId: string): Promise<void> {
  await orm.transaction(async (tx) => {
    await requireContributor(tx, siteId, ownerId)
    if ((await siteOwnerId(tx, siteId)) === ownerId) throw new AppError('conflict', 'owner_not_removable', 'The site owner cannot be removed. Transfer the ownership first.')
    await tx.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, ownerId)))
  })
}

/** Hands the site to another contributor (who becomes ADMIN); only the current owner may. */
export async function transferOwnership(orm: Orm, siteId: string, fromOwnerId: string, toOwnerId: string): Promise<void> {
  await orm.transaction(async (tx) => {
    if ((await siteOwnerId(tx, siteId)) !== fromOwnerId) throw new AppError('forbidden', 'not_site_owner', 'Only the site owner can transfer the ownership.')
    await requireContributor(tx, siteId, toOwnerId)
    await tx.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.ownerId, toOwnerId)))
    await tx.insert(siteMembers).values({ siteId, ownerId: toOwnerId, role: WEBSITE_ROLES.ADMIN })
    await tx.update(websites).set({ ownerId: toOwnerId }).where(eq(websites.id, siteId))
  })
}
