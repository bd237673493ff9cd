// Public API of the social domain: visitor comments and likes on content items, moderation, counts.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { memoryHitCounter, type HitCounter } from '../../platform/counters.js'
import { getOrCreateSecret } from '../../platform/secrets.js'
import { sha256Hex } from '../../platform/ids.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import type { SocialContext } from './context.js'
import { registerModerationRoutes } from './moderation.js'
import { COMMENT_LIMIT, createRateLimiter, LIKE_LIMIT, type RateLimit } from './rate-limit.js'
import { registerVisitorRoutes } from './routes.js'
import type { CommentStatus } from './schema.js'
import * as svc from './service.js'
import { newComment } from './validators.js'

export { MODERATION_ROLES } from './moderation.js'
export { COMMENT_LIMIT, LIKE_LIMIT, type RateLimit } from './rate-limit.js'
export { socialTables, type CommentStatus } from './schema.js'
export { MAX_THREAD_DEPTH } from './service.js'
export type { Comment, ModeratedComment, SocialSettings, ThreadComment } from './service.js'
export { AUTHOR_NAME_MAX, COMMENT_BODY_MAX } from './validators.js'
export { escapeCommentText, VISITOR_COOKIE } from './visitor.js'

export interface SocialDeps {
  sites: Sites
  auth: Auth
  /**
   * The content item a visitor comments on or likes, from the content domain: null when the site has no such
   * published item (404); `commentState` 1 = open, 2 = closed (posting answers 403). Without it, any item id is
   * accepted (still scoped to the host's site).
   */
  itemOf?: (siteId: string, itemId: string) => Promise<{ commentState?: number } | null>
  /** Whether the request's visitor is a signed-in member of the site (the gate of likesRequireSignIn). */
  isMember?: (request: FastifyRequest, siteId: string) => Promise<boolean>
  /** Told after a comment or like changes what published pages show (e.g. to drop cached pages). */
  onChange?: (siteId: string, itemId: string) => void
  limits?: { comments?: RateLimit; likes?: RateLimit }
  /** The windows the limits count in, shared by every node (platform/counters.ts); default: this process's memory. */
  hitCounter?: HitCounter
  now?: () => number
}

export function createSocial(orm: Orm, deps: SocialDeps) {
  let secret: Promise<string> | null = null
  const ctx: SocialContext = {
    orm,
    secret: () => (secret ??= getOrCreateSecret(orm, 'social-address')),
    itemOf: deps.itemOf,
    isMember: deps.isMember,
    changed: (siteId, itemId) => deps.onChange?.(siteId, itemId),
  }
  const counter = deps.hitCounter ?? memoryHitCounter(deps.now)
  const commentLimiter = createRateLimiter('comments', deps.limits?.comments ?? COMMENT_LIMIT, counter)
  const likeLimiter = createRateLimiter('likes', deps.limits?.likes ?? LIKE_LIMIT, counter)

  return {
    routes(app: FastifyInstance): void {
      registerVisitorRoutes(app, { ctx, sites: deps.sites, commentLimiter, likeLimiter })
      registerModerationRoutes(app, { ctx, sites: deps.sites, auth: deps.auth })
    },
    /** Approved comment counts by item id (every asked id present, 0 when none). */
    async getCommentCounts(siteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
      const found = await svc.approvedCounts(orm, siteId, itemIds)
      return new Map(itemIds.map((id) => [id, found.get(id) ?? 0]))
    },
    /** Like counts by item id (every asked id present, 0 when none). */
    async getLikeCounts(siteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
      const found = await svc.likeCounts(orm, siteId, itemIds)
      return new Map(itemIds.map((id) => [id, found.get(id) ?? 0]))
    },
    /** Approved comments of an item, oldest first, in the CONTEXT.md Comment shape (body unescaped: templates escape). */
    listApproved: (siteId: string, itemId: string): Promise<svc.Comment[]> => svc.approvedOf(orm, siteId, itemId),
    /** The approved comments of an item as pages show them: top-level ones with their replies nested (service.threadOf). */
    listThread: (siteId: string, itemId: string): Promise<svc.ThreadComment[]> => svc.threadOf(orm, siteId, itemId),
    /** Adds a comment without visitor checks (demo seed, imports); validated like a visitor's. */
    async addComment(
      siteId: string,
      itemId: string,
      input: { authorName: string; body: string; status?: CommentStatus; createdAt?: Date; parentId?: string | null },
      /** The caller's open transaction (an import writes the comment with its source-id mapping). */
      tx?: Orm,
    ): Promise<svc.ModeratedComment> {
      const db = tx ?? orm
      const valid = newComment.parse({ authorName: input.authorName, body: input.body })
      const parentId = input.parentId ? await svc.checkParent(db, siteId, itemId, input.parentId, { approvedOnly: false }) : null
      const row = await svc.insertComment(db, siteId, {
        itemId,
        parentId,
        ...valid,
        status: input.status ?? 'approved',
        ipHash: 'seed',
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      return svc.toModerated(row, new Map())
    },
    /** Adds one like from `visitor` (any stable string; a seed name); answers the item's like count. */
    addLike: (siteId: string, itemId: string, visitor: string): Promise<number> => svc.like(orm, siteId, itemId, sha256Hex(`seed:${visitor}`)),
    getSettings: (siteId: string) => svc.getSettings(orm, siteId),
    setSettings: (siteId: string, s: svc.SocialSettings) => svc.putSettings(orm, siteId, s),
  }
}

export type Social = ReturnType<typeof createSocial>
