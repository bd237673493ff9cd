// Owner API of site members (capability 'members' of the permission table, checked by the owner-route guard; the
// site's plan needs SITE_USER_ACCOUNTS): list and search, tags, comp access, removal, CSV export. The member areas
// and their access rules are served by paid.ts (every member, a tag, or buyers of a membership product).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { MemberChangeInput } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import type { Accepts, Assert } from '../../platform/http/contract.js'
import { defineRoute } from '../../platform/http/route.js'
import * as o from './owner.js'

const tags = ['members-owner']
const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()
const memberParams = siteParams.extend({ memberId: z.string().min(1).max(64) }).strict()
const listQuery = z.object({ q: z.string().max(200).optional(), tag: z.string().max(50).optional(), page: z.coerce.number().int().min(1).max(10_000).optional() }).strict()
const exportQuery = z.object({ q: z.string().max(200).optional(), tag: z.string().max(50).optional() }).strict()
const tag = z.string().trim().min(1, 'Enter a tag.').max(50, 'A tag has at most 50 characters.')
const changeBody = z
  .object({ addTags: z.array(tag).max(o.MAX_TAGS).optional(), removeTags: z.array(z.string().max(50)).max(o.MAX_TAGS).optional(), compAccess: z.boolean().optional() })
  .strict()
  .refine((b) => b.addTags || b.removeTags || b.compAccess !== undefined, 'Change a tag or comp access.')
export type MemberChangeAgrees = Assert<Accepts<z.input<typeof changeBody>, MemberChangeInput>>
const common = { 401: { description: 'not_signed_in' }, 403: { description: 'role_not_allowed or feature_not_in_plan' }, 404: { description: 'site_not_found' } }

export function registerMembersOwnerRoutes(app: FastifyInstance, orm: Orm): void {
  const base = '/api/sites/:siteId/members'

  defineRoute(app, { method: 'GET', url: base, summary: 'Members, newest first, searched by name or email and filtered by tag (50 a page), with every tag in use', tags, params: siteParams, query: listQuery, responses: { 200: { description: '{ members, total, page, pageSize, tags }' }, ...common } }, async ({ params, query }) => ({
    ...(await o.listMembers(orm, params.siteId, { q: query.q ?? '', tag: query.tag ?? '', page: query.page ?? 1 })),
    tags: await o.memberTags(orm, params.siteId),
  }))

  defineRoute(app, { method: 'GET', url: `${base}/export.csv`, summary: 'Members as CSV (the same search and tag filter)', tags, params: siteParams, query: exportQuery, responses: { 200: { description: 'text/csv' }, ...common } }, async ({ reply, params, query }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="members.csv"')
      .send(await o.membersCsv(orm, params.siteId, query.q ?? '', query.tag ?? '')),
  )

  defineRoute(app, { method: 'PATCH', url: `${base}/:memberId`, summary: 'Add or remove tags and give or take comp access (every member area without paying)', tags, params: memberParams, body: changeBody, responses: { 200: { description: '{ member }' }, 400: { description: 'validation_failed, too_many_tags' }, ...common } }, async ({ params, body }) => ({
    member: await o.changeMember(orm, params.siteId, params.memberId, body),
  }))

  defineRoute(app, { method: 'DELETE', url: `${base}/:memberId`, summary: 'Remove a member with their sessions, links and addresses', tags, params: memberParams, responses: { 204: { description: 'Removed' }, ...common } }, async ({ reply, params }) => {
    await o.removeMember(orm, params.siteId, params.memberId)
    return reply.code(204).send()
  })
}
