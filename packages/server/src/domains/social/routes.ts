// Visitor API on a site's host: comments and likes of content items (crumb-checked, rate-limited, validated).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { returnPath } from '../../platform/http/html.js'
import { requireSite, type SiteRef } from '../../platform/http/tenancy.js'
import type { Sites } from '../sites/index.js'
import type { RateLimiter } from './rate-limit.js'
import * as svc from './service.js'
import type { SocialContext } from './context.js'
import { commentList, itemParams, likeAnswer, postComment, postedComment } from './validators.js'
import { addressHash, visitorKey } from './visitor.js'

const TAGS = ['social']

export interface VisitorRouteDeps {
  ctx: SocialContext
  sites: Sites
  commentLimiter: RateLimiter
  likeLimiter: RateLimiter
}

/** A same-site path to send a native (no-JS) form post back to, from its Referer. */
function backTo(request: FastifyRequest, anchor: string): string | null {
  const path = returnPath(request)
  return path === null ? null : `${path.split('#')[0]}#${anchor}`
}

export function registerVisitorRoutes(app: FastifyInstance, deps: VisitorRouteDeps): void {
  const { ctx, sites } = deps

  async function settingsOf(site: SiteRef) {
    const website = await sites.get(site.id)
    if (!website) throw new AppError('not_found', 'site_not_found', 'There is no site at this address.')
    return sites.settingsOf(website)
  }

  /** The item must exist on this site (when the content domain says so); answers its comment state. */
  async function item(site: SiteRef, itemId: string): Promise<{ commentState?: number }> {
    if (!ctx.itemOf) return {}
    const found = await ctx.itemOf(site.id, itemId)
    if (!found) throw new AppError('not_found', 'item_not_found', 'This item does not exist.')
    return found
  }

  async function limit(limiter: RateLimiter, keys: string[], what: string) {
    const d = await limiter.hit(keys)
    if (!d.ok) {
      throw new AppError('rate_limited', 'rate_limited', `Too many ${what}. Please try again in ${d.retryAfterSeconds} seconds.`, {
        retryAfter: d.retryAfterSeconds,
      })
    }
  }

  async function commentsOpen(site: SiteRef, itemId: string) {
    if (!(await settingsOf(site)).commentsEnabled) {
      throw new AppError('forbidden', 'comments_disabled', 'Comments are turned off on this site.')
    }
    return item(site, itemId)
  }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/content/items/:itemId/comments',
      summary: 'Post a comment on an item, or a reply to one of its comments (held for moderation when the site requires approval)',
      tags: TAGS,
      params: itemParams,
      body: postComment,
      bodyTypes: ['json', 'form'],
      responses: {
        201: { description: 'Stored; status approved (shown) or pending (held)', schema: postedComment },
        303: { description: 'Native form post: back to the page' },
        403: { description: 'Comments are turned off on this site, or closed on this item' },
        404: { description: 'No such item, or no such (approved) comment of this site to reply to' },
        422: { description: 'The comment replied to is on another item' },
        429: { description: 'Too many comments (Retry-After)' },
      },
    },
    async ({ request, reply, params, body }) => {
      const site = requireSite(request)
      const found = await commentsOpen(site, params.itemId)
      if (found.commentState !== undefined && found.commentState !== 1) {
        throw new AppError('forbidden', 'comments_closed', 'Comments are closed on this item.')
      }
      const parentId = body.parentId ? await svc.checkParent(ctx.orm, site.id, params.itemId, body.parentId, { approvedOnly: true }) : null
      const ipHash = addressHash(await ctx.secret(), site.id, request.ip)
      const visitor = visitorKey(request, reply)
      await limit(deps.commentLimiter, [`${site.id}:ip:${ipHash}`, `${site.id}:v:${visitor}`], 'comments')
      const { commentApprovalRequired } = await svc.getSettings(ctx.orm, site.id)
      const row = await svc.insertComment(ctx.orm, site.id, {
        itemId: params.itemId,
        parentId,
        authorName: body.authorName,
        body: body.body,
        status: commentApprovalRequired ? 'pending' : 'approved',
        ipHash,
      })
      ctx.changed(site.id, params.itemId)
      const comment = { id: row.id, authorName: row.authorName, body: row.body, createdOn: row.createdAt.getTime(), likeCount: 0, parentId: row.parentId ?? null }
      const status = row.status === 'approved' ? 'approved' : 'pending'
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      const back = isForm ? backTo(request, status === 'approved' ? `comment-${row.id}` : `comments-${params.itemId}`) : null
      if (back) return reply.code(303).header('location', back).send()
      return reply.code(201).send({ comment: { ...comment, status } })
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/content/items/:itemId/comments',
      summary: 'Approved comments of an item, oldest first, each with the id of the comment it replies to (parentId)',
      tags: TAGS,
      params: itemParams,
      responses: { 200: { description: 'Comments', schema: commentList } },
    },
    async ({ request, params }) => {
      const site = requireSite(request)
      await commentsOpen(site, params.itemId)
      const comments = await svc.approvedOf(ctx.orm, site.id, params.itemId)
      return { comments, commentCount: comments.length }
    },
  )

  async function likeRoute(request: FastifyRequest, reply: FastifyReply, itemId: string, liked: boolean) {
    const site = requireSite(request)
    const settings = await settingsOf(site)
    if (!settings.simpleLikingEnabled) throw new AppError('forbidden', 'likes_disabled', 'Likes are turned off on this site.')
    await item(site, itemId)
    if (settings.likesRequireSignIn && !(await ctx.isMember?.(request, site.id))) {
      throw new AppError('unauthorized', 'sign_in_to_like', 'Sign in to like this.')
    }
    const visitor = visitorKey(request, reply)
    const ipHash = addressHash(await ctx.secret(), site.id, request.ip)
    await limit(deps.likeLimiter, [`${site.id}:ip:${ipHash}`, `${site.id}:v:${visitor}`], 'likes')
    const likeCount = liked ? await svc.like(ctx.orm, site.id, itemId, visitor) : await svc.unlike(ctx.orm, site.id, itemId, visitor)
    ctx.changed(site.id, itemId)
    return { likeCount, liked }
  }

  for (const [method, liked] of [['POST', true], ['DELETE', false]] as const) {
    defineRoute(
      app,
      {
        method,
        url: '/api/content/items/:itemId/likes',
        summary: liked ? 'Like an item (once per visitor)' : "Take back the visitor's like",
        tags: TAGS,
        params: itemParams,
        responses: {
          200: { description: 'The new like count', schema: likeAnswer },
          401: { description: 'The site asks visitors to sign in as members before they like (sign_in_to_like)' },
          403: { description: 'Likes are turned off on this site' },
          404: { description: 'No such item on this site' },
          429: { description: 'Too many likes (Retry-After)' },
        },
      },
      async ({ request, reply, params }) => likeRoute(request, reply, params.itemId, liked),
    )
  }
}
