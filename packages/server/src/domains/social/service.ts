// Comments, likes and comment settings. Every query is scoped by site id.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
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
  input: { itemId: string; authorName: string; body: string; status: CommentStatus; ipHash: string; createdAt?: Date },
): Promise<CommentRow> {
  const [row] = await orm
    .insert(socialComments)
    .values({ siteId, id: newId(), ...input, ...(input.createdAt ? { createdAt: input.createdAt } : {}) })
    .returning()
  return row!
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
