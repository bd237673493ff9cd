// Comments, likes and comment settings. Every query is scoped by site id.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { isForeignKeyViolation, type Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { socialComments, socialLikes, socialSettings, type CommentStatus } from './schema.js'

export type CommentRow = typeof socialComments.$inferSelect

/** The Comment shape of themes/default/CONTEXT.md. `body` is the text as typed: templates escape it. */
export interface Comment {
  id: string
  authorName: string
  body: string
  createdOn: number
  likeCount: number
  /** The comment this one replies to; null for a top-level comment. */
  parentId: string | null
}

/** How deep replies nest on pages: deeper replies are listed with the replies of this level. */
export const MAX_THREAD_DEPTH = 3

/** A comment of a page's thread: its replies (oldest first) nested, to MAX_THREAD_DEPTH levels. */
export interface ThreadComment extends Comment {
  /** 1 for a top-level comment, 2 for a reply, 3 for a reply to a reply (and anything deeper). */
  depth: number
  replies: ThreadComment[]
  /** Who a reply answers, when it is shown flattened below a deeper thread than the page nests. */
  replyToName?: string
}

/** A comment as moderators see it. */
export interface ModeratedComment extends Comment {
  itemId: string
  status: CommentStatus
}

/** Most comments listed for one item. */
export const MAX_LISTED = 1000

export async function insertComment(
  orm: Orm,
  siteId: string,
  input: { itemId: string; parentId?: string | null; authorName: string; body: string; status: CommentStatus; ipHash: string; createdAt?: Date },
): Promise<CommentRow> {
  try {
    const [row] = await orm
      .insert(socialComments)
      .values({ siteId, id: newId(), ...input, parentId: input.parentId ?? null, ...(input.createdAt ? { createdAt: input.createdAt } : {}) })
      .returning()
    return row!
  } catch (e) {
    // the parent went away (or never was on this item) between the check and the insert
    if (isForeignKeyViolation(e)) throw parentNotFound()
    throw e
  }
}

const parentNotFound = () => new AppError('not_found', 'parent_comment_not_found', 'The comment you are replying to does not exist.')

/**
 * The comment a new one replies to, checked: of this site (else not found: other sites' comments are not told
 * apart from none), of this item, and (for visitors) approved. Answers its id.
 */
export async function checkParent(orm: Orm, siteId: string, itemId: string, parentId: string, opts: { approvedOnly: boolean }): Promise<string> {
  const [row] = await orm
    .select({ itemId: socialComments.itemId, status: socialComments.status })
    .from(socialComments)
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.id, parentId)))
  if (!row || (opts.approvedOnly && row.status !== 'approved')) throw parentNotFound()
  if (row.itemId !== itemId) {
    throw new AppError('unprocessable', 'parent_comment_elsewhere', 'You can only reply to a comment on the same page.')
  }
  return parentId
}

/** Like counts of ids (items or comments); ids without likes are absent. */
export async function likeCounts(orm: Orm, siteId: string, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (ids.length === 0) return out
  const rows = await orm
    .select({ id: socialLikes.itemId, n: sql<number>`count(*)::int` })
    .from(socialLikes)
    .where(and(eq(socialLikes.siteId, siteId), inArray(socialLikes.itemId, [...new Set(ids)])))
    .groupBy(socialLikes.itemId)
  for (const r of rows) out.set(r.id, Number(r.n))
  return out
}

/** Approved comment counts of items; items without approved comments are absent. */
export async function approvedCounts(orm: Orm, siteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (itemIds.length === 0) return out
  const rows = await orm
    .select({ id: socialComments.itemId, n: sql<number>`count(*)::int` })
    .from(socialComments)
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.status, 'approved'), inArray(socialComments.itemId, [...new Set(itemIds)])))
    .groupBy(socialComments.itemId)
  for (const r of rows) out.set(r.id, Number(r.n))
  return out
}

const toComment = (row: CommentRow, likes: Map<string, number>): Comment => ({
  id: row.id,
  authorName: row.authorName,
  body: row.body,
  createdOn: row.createdAt.getTime(),
  likeCount: likes.get(row.id) ?? 0,
  parentId: row.parentId ?? null,
})

export const toModerated = (row: CommentRow, likes: Map<string, number>): ModeratedComment => ({
  ...toComment(row, likes),
  itemId: row.itemId,
  status: row.status,
})

/** Approved comments of an item, oldest first. */
export async function approvedOf(orm: Orm, siteId: string, itemId: string): Promise<Comment[]> {
  const rows = await orm
    .select()
    .from(socialComments)
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.itemId, itemId), eq(socialComments.status, 'approved')))
    .orderBy(asc(socialComments.createdAt), asc(socialComments.id))
    .limit(MAX_LISTED)
  const likes = await likeCounts(orm, siteId, rows.map((r) => r.id))
  return rows.map((r) => toComment(r, likes))
}

/**
 * Approved comments of an item as a thread: top-level comments oldest first, each with its replies nested. A reply
 * whose parent is not shown (held, spam) hangs under the nearest shown ancestor (or is top-level); replies deeper
 * than MAX_THREAD_DEPTH are listed, in date order, with the replies of the deepest level, naming who they answer.
 */
export async function threadOf(orm: Orm, siteId: string, itemId: string): Promise<ThreadComment[]> {
  const all = await orm
    .select({ id: socialComments.id, parentId: socialComments.parentId })
    .from(socialComments)
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.itemId, itemId)))
  return buildThread(await approvedOf(orm, siteId, itemId), new Map(all.map((r) => [r.id, r.parentId])))
}

/** The thread of `shown` (oldest first); `parents` holds every comment's parent, shown or not. */
export function buildThread(shown: readonly Comment[], parents: ReadonlyMap<string, string | null>, maxDepth = MAX_THREAD_DEPTH): ThreadComment[] {
  const byId = new Map<string, ThreadComment>(shown.map((c) => [c.id, { ...c, depth: 1, replies: [] }]))
  // the nearest shown ancestor of each shown comment (walks stop at a cycle, which only a damaged import could make)
  const up = new Map<string, string | null>()
  for (const c of shown) {
    const seen = new Set([c.id])
    let at = parents.get(c.id) ?? null
    while (at && !seen.has(at) && !byId.has(at)) {
      seen.add(at)
      at = parents.get(at) ?? null
    }
    up.set(c.id, at && byId.has(at) && at !== c.id ? at : null)
  }
  // the chain of shown ancestors, nearest first; a comment in a cycle becomes top-level
  const chain = (id: string): string[] => {
    const out: string[] = []
    const seen = new Set([id])
    for (let at = up.get(id) ?? null; at; at = up.get(at) ?? null) {
      if (seen.has(at)) {
        up.set(id, null)
        return []
      }
      seen.add(at)
      out.push(at)
    }
    return out
  }
  const top: ThreadComment[] = []
  for (const c of shown) {
    const node = byId.get(c.id)!
    const ancestors = chain(c.id)
    if (!ancestors.length) {
      top.push(node)
      continue
    }
    node.depth = Math.min(ancestors.length + 1, maxDepth)
    if (ancestors.length + 1 > maxDepth) node.replyToName = byId.get(ancestors[0]!)!.authorName
    // the ancestor one level above where this comment is shown
    byId.get(ancestors[ancestors.length - node.depth + 1]!)!.replies.push(node)
  }
  return top
}

/** Moderation listing, newest first, by (created_at, id) cursor. */
export async function listForModeration(
  orm: Orm,
  siteId: string,
  opts: { status?: CommentStatus | undefined; itemId?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ comments: ModeratedComment[]; nextCursor: string | null }> {
  const limit = opts.limit ?? 50
  const conds = [eq(socialComments.siteId, siteId)]
  if (opts.status) conds.push(eq(socialComments.status, opts.status))
  if (opts.itemId) conds.push(eq(socialComments.itemId, opts.itemId))
  if (opts.cursor) {
    const [iso, id] = Buffer.from(opts.cursor, 'base64url').toString('utf8').split('|')
    const at = new Date(iso ?? '')
    if (!id || Number.isNaN(at.getTime())) throw new AppError('invalid_data', 'bad_cursor', 'The cursor is not valid: start the listing again.')
    conds.push(or(lt(socialComments.createdAt, at), and(eq(socialComments.createdAt, at), lt(socialComments.id, id)))!)
  }
  const rows = await orm
    .select()
    .from(socialComments)
    .where(and(...conds))
    .orderBy(desc(socialComments.createdAt), desc(socialComments.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const likes = await likeCounts(orm, siteId, page.map((r) => r.id))
  return {
    comments: page.map((r) => toModerated(r, likes)),
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url') : null,
  }
}

export async function setStatus(orm: Orm, siteId: string, id: string, status: CommentStatus): Promise<ModeratedComment> {
  const [row] = await orm
    .update(socialComments)
    .set({ status })
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.id, id)))
    .returning()
  if (!row) throw new AppError('not_found', 'comment_not_found', 'No such comment.')
  return toModerated(row, await likeCounts(orm, siteId, [row.id]))
}

export async function deleteComment(orm: Orm, siteId: string, id: string): Promise<void> {
  const rows = await orm
    .delete(socialComments)
    .where(and(eq(socialComments.siteId, siteId), eq(socialComments.id, id)))
    .returning({ id: socialComments.id })
  if (rows.length === 0) throw new AppError('not_found', 'comment_not_found', 'No such comment.')
  await orm.delete(socialLikes).where(and(eq(socialLikes.siteId, siteId), eq(socialLikes.itemId, id)))
}

/** Adds a visitor's like (once per visitor); answers the new count. */
export async function like(orm: Orm, siteId: string, itemId: string, visitorKey: string): Promise<number> {
  await orm.insert(socialLikes).values({ siteId, itemId, visitorKey }).onConflictDoNothing()
  return (await likeCounts(orm, siteId, [itemId])).get(itemId) ?? 0
}

export async function unlike(orm: Orm, siteId: string, itemId: string, visitorKey: string): Promise<number> {
  await orm
    .delete(socialLikes)
    .where(and(eq(socialLikes.siteId, siteId), eq(socialLikes.itemId, itemId), eq(socialLikes.visitorKey, visitorKey)))
  return (await likeCounts(orm, siteId, [itemId])).get(itemId) ?? 0
}

export async function hasLiked(orm: Orm, siteId: string, itemId: string, visitorKey: string): Promise<boolean> {
  const rows = await orm
    .select({ k: socialLikes.visitorKey })
    .from(socialLikes)
    .where(and(eq(socialLikes.siteId, siteId), eq(socialLikes.itemId, itemId), eq(socialLikes.visitorKey, visitorKey)))
  return rows.length > 0
}

export interface SocialSettings {
  commentApprovalRequired: boolean
}

export async function getSettings(orm: Orm, siteId: string): Promise<SocialSettings> {
  const [row] = await orm.select().from(socialSettings).where(eq(socialSettings.siteId, siteId))
  return { commentApprovalRequired: row?.commentApprovalRequired ?? false }
}

export async function putSettings(orm: Orm, siteId: string, s: SocialSettings): Promise<SocialSettings> {
  await orm
    .insert(socialSettings)
    .values({ siteId, commentApprovalRequired: s.commentApprovalRequired })
    .onConflictDoUpdate({ target: socialSettings.siteId, set: { commentApprovalRequired: s.commentApprovalRequired, updatedAt: new Date() } })
  return getSettings(orm, siteId)
}
