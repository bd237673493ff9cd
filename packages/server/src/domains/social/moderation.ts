// Owner API: comment moderation and the site's comment settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { defineRoute } from '../../platform/http/route.js'
import { WEBSITE_ROLES, type Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import type { SocialContext } from './context.js'
import * as svc from './service.js'
import { commentParams, moderatedComment, moderationList, moderationPatch, moderationQuery, settingsAnswer, settingsPatch, siteParams } from './validators.js'

/** Roles that may moderate comments and change the comment settings. */
export const MODERATION_ROLES = [WEBSITE_ROLES.ADMIN, WEBSITE_ROLES.EDITOR, WEBSITE_ROLES.MODERATOR] as const

const TAGS = ['social']

export function registerModerationRoutes(app: FastifyInstance, deps: { ctx: SocialContext; sites: Sites; auth: Auth }): void {
  const { ctx } = deps
  const authorize = (request: FastifyRequest, siteId: string) => deps.sites.authorize(deps.auth, request, siteId, MODERATION_ROLES)

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/comments',
      summary: "The site's comments, newest first, by status and item",
      tags: TAGS,
      params: siteParams,
      query: moderationQuery,
      responses: { 200: { description: 'A page of comments', schema: moderationList } },
    },
    async ({ request, params, query }) => {
      const { site } = await authorize(request, params.siteId)
      return svc.listForModeration(ctx.orm, site.id, query)
    },
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/comments/:commentId',
      summary: 'Approve a comment, hold it, or mark it as spam',
      tags: TAGS,
      params: commentParams,
      body: moderationPatch,
      responses: { 200: { description: 'The comment', schema: moderatedComment } },
    },
    async ({ request, params, body }) => {
      const { site } = await authorize(request, params.siteId)
      const comment = await svc.setStatus(ctx.orm, site.id, params.commentId, body.status)
      ctx.changed(site.id, comment.itemId)
      return { comment }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/sites/:siteId/comments/:commentId',
      summary: 'Delete a comment',
      tags: TAGS,
      params: commentParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ request, reply, params }) => {
      const { site } = await authorize(request, params.siteId)
      await svc.deleteComment(ctx.orm, site.id, params.commentId)
      return reply.code(204).send()
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/comment-settings',
      summary: "The site's comment settings (commentsEnabled itself is a website setting)",
      tags: TAGS,
      params: siteParams,
      responses: { 200: { description: 'Settings', schema: settingsAnswer } },
    },
    async ({ request, params }) => {
      const { site } = await authorize(request, params.siteId)
      return { settings: await svc.getSettings(ctx.orm, site.id) }
    },
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/comment-settings',
      summary: 'Hold new comments for approval, or publish them at once',
      tags: TAGS,
      params: siteParams,
      body: settingsPatch,
      responses: { 200: { description: 'Settings', schema: settingsAnswer } },
    },
    async ({ request, params, body }) => {
      const { site } = await authorize(request, params.siteId)
      return { settings: await svc.putSettings(ctx.orm, site.id, body) }
    },
  )
}
