// Asset records. Every query is scoped by site id.
import { and, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { fileAssets } from './schema.js'

export type AssetRow = typeof fileAssets.$inferSelect
export type NewAsset = typeof fileAssets.$inferInsert

export const PAGE_SIZE = 50

export async function insertAsset(orm: Orm, row: NewAsset): Promise<AssetRow> {
  const [inserted] = await orm.insert(fileAssets).values(row).returning()
  return inserted!
}

export async function getAsset(orm: Orm, siteId: string, id: string): Promise<AssetRow | null> {
  const [row] = await orm.select().from(fileAssets).where(and(eq(fileAssets.siteId, siteId), eq(fileAssets.id, id)))
  return row ?? null
}

export async function requireAsset(orm: Orm, siteId: string, id: string): Promise<AssetRow> {
  const row = await getAsset(orm, siteId, id)
  if (!row) throw new AppError('not_found', 'file_not_found', 'No such file.')
  return row
}

export async function assetsByIds(orm: Orm, siteId: string, ids: readonly string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return []
  return orm
    .select()
    .from(fileAssets)
    .where(and(eq(fileAssets.siteId, siteId), inArray(fileAssets.id, [...new Set(ids)])))
}

/** Cursor of a listing position: newest first by (created_at, id). */
export function encodeCursor(row: Pick<AssetRow, 'createdAt' | 'id'>): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const [iso, id] = text.split('|')
  const createdAt = new Date(iso ?? '')
  if (!id || !/^[0-9a-f]{24}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('invalid_data', 'bad_cursor', 'The cursor is not valid: start the listing again.')
  }
  return { createdAt, id }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A page of a site's files, newest first, optionally matching `query` in the name, title or alt text. */
export async function listAssets(
  orm: Orm,
  siteId: string,
  opts: { query?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ rows: AssetRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(opts.limit ?? PAGE_SIZE, 1), 100)
  const conds = [eq(fileAssets.siteId, siteId)]
  const q = opts.query?.trim()
  if (q) {
    const p = likePattern(q)
    conds.push(or(ilike(fileAssets.filename, p), ilike(fileAssets.title, p), ilike(fileAssets.altText, p))!)
  }
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor)
    conds.push(or(lt(fileAssets.createdAt, c.createdAt), and(eq(fileAssets.createdAt, c.createdAt), lt(fileAssets.id, c.id)))!)
  }
  const rows = await orm
    .select()
    .from(fileAssets)
    .where(and(...conds))
    .orderBy(desc(fileAssets.createdAt), desc(fileAssets.id))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!) : null }
}

export interface AssetPatch {
  filename?: string | undefined
  altText?: string | undefined
  title?: string | undefined
  body?: string | undefined
  mediaFocalPoint?: { x: number; y: number } | undefined
}

export async function updateAsset(orm: Orm, siteId: string, id: string, patch: AssetPatch): Promise<AssetRow> {
  const set: Partial<NewAsset> = { updatedAt: new Date() }
  if (patch.filename !== undefined) set.filename = patch.filename
  if (patch.altText !== undefined) set.altText = patch.altText
  if (patch.title !== undefined) set.title = patch.title
  if (patch.body !== undefined) set.body = patch.body
  if (patch.mediaFocalPoint) {
    set.focalX = patch.mediaFocalPoint.x
    set.focalY = patch.mediaFocalPoint.y
  }
  const [row] = await orm
    .update(fileAssets)
    .set(set)
    .where(and(eq(fileAssets.siteId, siteId), eq(fileAssets.id, id)))
    .returning()
  if (!row) throw new AppError('not_found', 'file_not_found', 'No such file.')
  return row
}

/** How long a variant run holds its asset: a node killed mid-run is taken over after this. */
export const VARIANT_LEASE_SECONDS = 120

/**
 * Claims the variant run of an asset still 'processing' whose claim is free or has ended: one UPDATE, so of two
 * nodes asking at once exactly one gets the row. Null when another run holds it or nothing is left to make.
 */
export async function claimVariants(orm: Orm, siteId: string, id: string, leaseSeconds: number): Promise<AssetRow | null> {
  const [row] = await orm
    .update(fileAssets)
    .set({ variantsClaimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(fileAssets.siteId, siteId),
        eq(fileAssets.id, id),
        eq(fileAssets.status, 'processing'),
        or(isNull(fileAssets.variantsClaimedUntil), lt(fileAssets.variantsClaimedUntil, sql`now()`)),
      ),
    )
    .returning()
  return row ?? null
}

export async function finishProcessing(
  orm: Orm,
  siteId: string,
  id: string,
  result: { variants: readonly number[] } | { error: string },
): Promise<boolean> {
  const set: Partial<NewAsset> =
    'error' in result
      ? { status: 'failed', error: result.error }
      : { status: 'ready', error: null, variants: result.variants.map((w) => `${w}w`).join(',') }
  set.variantsClaimedUntil = null
  const rows = await orm
    .update(fileAssets)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(fileAssets.siteId, siteId), eq(fileAssets.id, id)))
    .returning({ id: fileAssets.id })
  return rows.length > 0
}

export async function deleteAsset(orm: Orm, siteId: string, id: string): Promise<AssetRow> {
  const [row] = await orm
    .delete(fileAssets)
    .where(and(eq(fileAssets.siteId, siteId), eq(fileAssets.id, id)))
    .returning()
  if (!row) throw new AppError('not_found', 'file_not_found', 'No such file.')
  return row
}

/**
 * Assets whose variants are not finished and not held by a running claim (the process stopped, the job was lost):
 * picked up again at start-up and by the periodic sweep. `olderThanSeconds` leaves fresh uploads to their own job.
 */
export async function unfinished(orm: Orm, olderThanSeconds = 0): Promise<{ siteId: string; id: string }[]> {
  return orm
    .select({ siteId: fileAssets.siteId, id: fileAssets.id })
    .from(fileAssets)
    .where(
      and(
        eq(fileAssets.status, 'processing'),
        or(isNull(fileAssets.variantsClaimedUntil), lt(fileAssets.variantsClaimedUntil, sql`now()`)),
        lt(fileAssets.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(sql`${fileAssets.createdAt}`)
    .limit(500)
}

/** The generated widths of an asset row. */
export function generatedWidths(row: Pick<AssetRow, 'variants'>): number[] {
  return row.variants
    .split(',')
    .map((v) => Number.parseInt(v, 10))
    .filter((n) => Number.isInteger(n) && n > 0)
}
