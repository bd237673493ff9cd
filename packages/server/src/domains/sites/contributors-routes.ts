// Owner API of contributors (capability 'contributors' of the permission table, checked by the owner-route guard)
// and the invitee's acceptance.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import { WEBSITE_ROLES, isWebsiteRole, rolesFor, type Auth, type Owner, type WebsiteRole } from '../accounts/index.js'
import { authorize } from './access.js'
import * as c from './contributors.js'
import { getWebsite } from './service.js'

export interface ContributorsDeps {
  ownersByIds(ids: readonly string[]): Promise<Owner[]>
  sendMail(m: { to: string; subject: string; text: string }): Promise<unknown>
  /** The editor's address, ending in '/' (e.g. http://localhost:3000/config/). */
  editorUrl: string
}

const tags = ['contributors']
const role = z.number({ error: 'Choose a role.' }).int().refine((r) => isWebsiteRole(r), 'Choose one of the website roles.')
const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()
const ownerParams = siteParams.extend({ ownerId: z.string().min(1).max(64) }).strict()
const invitationParams = siteParams.extend({ invitationId: z.string().min(1).max(64) }).strict()
const inviteBody = z.object({ email: z.string().trim().pipe(z.email({ error: 'Enter a valid email address.' }).max(254)), role }).strict()
const roleBody = z.object({ role }).strict()
const transferBody = z.object({ ownerId: z.string().min(1).max(64) }).strict()
const acceptBody = z.object({ token: z.string().min(1).max(200) }).strict()
const common = { 401: { description: 'not_signed_in' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found' } }

export function registerContributorsRoutes(app: FastifyInstance, orm: Orm, auth: Auth, deps: ContributorsDeps): void {
  const base = '/api/sites/:siteId/contributors'
  const allow = (request: Parameters<typeof authorize>[2], siteId: string) => authorize(orm, auth, request, siteId, rolesFor('contributors'))
  const roleNames = Object.fromEntries(Object.entries(WEBSITE_ROLES).map(([k, v]) => [v, k]))

  defineRoute(app, { method: 'GET', url: base, summary: 'Contributors with their roles, and pending invitations', tags, params: siteParams, responses: { 200: { description: '{ contributors, invitations, roles }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    const rows = await c.listContributors(orm, params.siteId)
    const owners = new Map((await deps.ownersByIds(rows.map((r) => r.ownerId))).map((o) => [o.id, o]))
    return {
      contributors: rows.map((r) => ({ ...r, email: owners.get(r.ownerId)?.email ?? '', name: owners.get(r.ownerId)?.name ?? '' })),
      invitations: await c.listInvitations(orm, params.siteId),
      roles: Object.entries(WEBSITE_ROLES).map(([name, id]) => ({ id, name })),
    }
  })

  defineRoute(app, { method: 'POST', url: `${base}/invitations`, summary: 'Invite someone by email to a website role (a one-use link is mailed, valid 7 days)', tags, params: siteParams, body: inviteBody, responses: { 201: { description: '{ invitation }' }, 400: { description: 'validation_failed' }, ...common } }, async ({ request, reply, params, body }) => {
    const { site } = await allow(request, params.siteId)
    const session = await auth.requireOwner(request)
    const token = await c.createInvitation(orm, params.siteId, session.ownerId, body.email, body.role as WebsiteRole)
    const roleLabel = String(roleNames[body.role]).toLowerCase().replace(/_/g, ' ')
    await deps.sendMail({
      to: body.email,
      subject: `You are invited to help with ${site.title}`,
      text: `${session.owner.name || session.owner.email} invited you to ${site.title} as ${roleLabel}.\n\nAccept the invitation (sign in or create an account with this email address first):\n${deps.editorUrl}invitation?token=${token}\n\nThe link works for 7 days.\n`,
    })
    reply.code(201)
    return { invitation: (await c.listInvitations(orm, params.siteId)).find((i) => i.email === body.email.toLowerCase()) }
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/invitations/:invitationId`, summary: 'Withdraw an invitation', tags, params: invitationParams, responses: { 204: { description: 'Withdrawn' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await c.revokeInvitation(orm, params.siteId, params.invitationId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'PATCH', url: `${base}/:ownerId`, summary: "Change a contributor's role (not the owner's)", tags, params: ownerParams, body: roleBody, responses: { 204: { description: 'Changed' }, 409: { description: 'owner_role_fixed' }, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await c.changeRole(orm, params.siteId, params.ownerId, body.role as WebsiteRole)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/:ownerId`, summary: 'Remove a contributor (not the owner)', tags, params: ownerParams, responses: { 204: { description: 'Removed' }, 409: { description: 'owner_not_removable' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await c.removeContributor(orm, params.siteId, params.ownerId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'POST', url: `${base}/transfer`, summary: 'Hand the site to another contributor (only the owner)', tags, params: siteParams, body: transferBody, responses: { 204: { description: 'Transferred' }, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    const session = await auth.requireOwner(request)
    await c.transferOwnership(orm, params.siteId, session.ownerId, body.ownerId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'POST', url: '/api/invitations/accept', summary: 'Accept an invitation with the token of its link (signed in with the invited email)', tags, body: acceptBody, responses: { 200: { description: '{ siteId, title }' }, 401: { description: 'not_signed_in' }, 403: { description: 'invitation_for_another_email' }, 404: { description: 'invitation_not_found' } } }, async ({ request, body }) => {
    const session = await auth.requireOwner(request)
    const siteId = await c.acceptInvitation(orm, body.token, session.owner)
    return { siteId, title: (await getWebsite(orm, siteId))?.title ?? '' }
  })
}
