// Modern-format copies of an image (issue 39): after its width variants are made, a job ('file-modern', see
// variant-jobs.ts) encodes each size (every width variant, and the original up to MODERN_MAX_WIDTH) in AVIF and WebP
// and keeps each copy only where it is smaller than that size in the image's own format, so a browser that accepts
// one never gets more bytes. Made once across nodes: the row is claimed first (a lease), like the variants.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { encodeModern, MODERN_MAX_WIDTH, modernFormatsFor, resizeTo } from './images.js'
import { modernKey, originalKey, variantKey, type IngestContext } from './ingest.js'
import { fileAssets } from './schema.js'
import { generatedWidths, type AssetRow } from './service.js'
import type { Orm } from '../../platform/db/index.js'

const LEASE_SECONDS = 600
/** The mimes that get modern copies (modernFormatsFor answers some for them). */
const MODERN_SOURCES = ['image/jpeg', 'image/png', 'image/heic']

/** Claims an image whose modern copies are still to make, or null (made, held by another run, or not an image). */
async function claimModern(orm: Orm, siteId: string, id: string): Promise<AssetRow | null> {
  const [row] = await orm
    .update(fileAssets)
    .set({ modernClaimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(fileAssets.siteId, siteId),
        eq(fileAssets.id, id),
        eq(fileAssets.status, 'ready'),
        eq(fileAssets.kind, 'image'),
        isNull(fileAssets.modernVariants),
        or(isNull(fileAssets.modernClaimedUntil), lt(fileAssets.modernClaimedUntil, sql`now()`)),
      ),
    )
    .returning()
  return row ?? null
}

/** The ready images whose modern copies are still to make, with no live claim, oldest first. */
export async function modernPending(orm: Orm, olderThanSeconds = 0): Promise<{ siteId: string; id: string }[]> {
  return orm
    .select({ siteId: fileAssets.siteId, id: fileAssets.id })
    .from(fileAssets)
    .where(
      and(
        eq(fileAssets.status, 'ready'),
        eq(fileAssets.kind, 'image'),
        inArray(fileAssets.mime, MODERN_SOURCES),
        isNull(fileAssets.modernVariants),
        or(isNull(fileAssets.modernClaimedUntil), lt(fileAssets.modernClaimedUntil, sql`now()`)),
        lt(fileAssets.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(sql`${fileAssets.createdAt}`)
    .limit(500)
}

/** Forgets the claims of a run that died with this process (one process on PGlite). */
export async function releaseModernClaims(orm: Orm): Promise<void> {
  await orm.update(fileAssets).set({ modernClaimedUntil: null }).where(and(isNull(fileAssets.modernVariants), sql`${fileAssets.modernClaimedUntil} IS NOT NULL`))
}

/** Makes the modern copies of an image unless another run holds it or they are made ('skipped'). */
export async function makeModern(ctx: IngestContext, siteId: string, id: string): Promise<'made' | 'skipped'> {
  const row = await claimModern(ctx.orm, siteId, id)
  if (!row) return 'skipped'
  const kept: string[] = []
  const formats = modernFormatsFor(row.mime)
  if (formats.length) {
    const data = await ctx.storage.get(originalKey(siteId, id))
    if (!data) throw new Error('original missing')
    const sizes: { tag: string; source: Buffer; bytes: number }[] = []
    for (const width of generatedWidths(row)) {
      const own = (await ctx.storage.get(variantKey(siteId, id, width))) ?? (await resizeTo(data, row.mime, width))
      sizes.push({ tag: `${width}w`, source: own, bytes: own.length })
    }
    // A browser cannot show HEIC: its original's copies are kept whatever their size.
    if ((row.width ?? 0) <= MODERN_MAX_WIDTH) sizes.push({ tag: 'original', source: data, bytes: row.mime === 'image/heic' ? Infinity : data.length })
    for (const format of formats) {
      for (const s of sizes) {
        const bytes = await encodeModern(s.source, format)
        if (bytes.length >= s.bytes) continue
        await ctx.storage.put(modernKey(siteId, id, s.tag, format), bytes)
        kept.push(`${s.tag}.${format}`)
      }
    }
  }
  const done = await ctx.orm
    .update(fileAssets)
    .set({ modernVariants: kept.join(','), modernClaimedUntil: null })
    .where(and(eq(fileAssets.siteId, siteId), eq(fileAssets.id, id)))
    .returning({ id: fileAssets.id })
  // Deleted while encoding: remove what was written after the delete.
  if (done.length === 0) await ctx.storage.deletePrefix(`${siteId}/${id}`)
  return 'made'
}
