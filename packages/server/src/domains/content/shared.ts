// Helpers shared by the collection and item services: layouts on save, slugs, redirects, lock passwords, DTOs.
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { and, eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { BLOCK_VALUE_SCHEMAS, blockTypeName, sanitizeBlockValue } from './blocks/index.js'
import { BLOCK_TYPES, LIMITS } from './constants.js'
import { ALL_BLOCK_TYPES, ANY_BLOCK_NAME_OF_TYPE, restore, sectionStyleOf, stamp, type StoredLayout } from '@sitewright/contracts'
import { contentRedirects } from './schema.js'
import type { LayoutInput } from './validators.js'

/** First path segments that belong to the platform or to system pages. */
export const RESERVED_SEGMENTS = new Set(['api', 'assets', 'config', 'files', 'search', 'sitemap.xml', 'robots.txt', 'healthz', 'cart', 'checkout', 'commerce', 'account', 'favicon.ico', 'popup-overlay'])

export function invalid(field: string, message: string): AppError {
  return new AppError('invalid_data', 'validation_failed', message, { fields: { [field]: message } })
}

/** The message for a block type the platform knows but Sitewright does not build (null: an unknown type). */
function unavailableBlock(b: { type?: number | undefined; typeName?: string | undefined }): string | null {
  const known = b.type !== undefined ? ANY_BLOCK_NAME_OF_TYPE.get(b.type) : b.typeName && Object.prototype.hasOwnProperty.call(ALL_BLOCK_TYPES, b.typeName) ? b.typeName : undefined
  return known ? `The ${known} block is not available.` : null
}

/** Validates every block of a layout against its type's schema, sanitizes HTML, and stamps the versions. */
export function prepareLayout(input: LayoutInput): StoredLayout {
  let galleries = 0
  const ids = new Set<string>()
  const sections = input.sections.map((s, i) => ({
    id: s.id ?? `s${i + 1}`,
    blocks: s.blocks.map((b, j) => {
      const where = `layout.sections.${i}.blocks.${j}`
      const name = blockTypeName(b)
      if (!name) throw invalid(`${where}.type`, unavailableBlock(b) ?? 'This block type does not exist.')
      if (name === 'gallery' && ++galleries > LIMITS.galleryBlocksPerLayout) {
        throw invalid(where, `A page holds at most ${LIMITS.galleryBlocksPerLayout} gallery blocks.`)
      }
      const parsed = BLOCK_VALUE_SCHEMAS[name].safeParse(b.value)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw invalid(`${where}.value${issue.path.length ? '.' + issue.path.join('.') : ''}`, issue.message)
      }
      let id = b.id ?? `b${i + 1}-${j + 1}`
      while (ids.has(id)) id = `${id}x`
      ids.add(id)
      return { id, type: BLOCK_TYPES[name], v: 2 as const, value: sanitizeBlockValue(name, parsed.data as Record<string, unknown>) }
    }),
    ...(sectionStyleOf(s.style) ? { style: sectionStyleOf(s.style)! } : {}),
  }))
  return stamp('layout', { sections })
}

export const layoutOf = (raw: unknown): StoredLayout | null => (raw == null ? null : restore('layout', raw))

/** Records `from -> to` (301), flattening chains and dropping a redirect away from a path that is live again. */
export async function recordRedirect(tx: Orm, siteId: string, from: string, to: string): Promise<void> {
  if (from === to) return
  await tx.update(contentRedirects).set({ toPath: to }).where(and(eq(contentRedirects.siteId, siteId), eq(contentRedirects.toPath, from)))
  await tx.delete(contentRedirects).where(and(eq(contentRedirects.siteId, siteId), eq(contentRedirects.fromPath, to)))
  await tx
    .insert(contentRedirects)
    .values({ siteId, fromPath: from, toPath: to })
    .onConflictDoUpdate({ target: [contentRedirects.siteId, contentRedirects.fromPath], set: { toPath: to, createdAt: sql`now()` } })
  await tx.delete(contentRedirects).where(and(eq(contentRedirects.siteId, siteId), sql`${contentRedirects.fromPath} = ${contentRedirects.toPath}`))
}

/** A slug that is free according to `taken`: the base, else base-2, base-3, ... */
export async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>, exact: boolean, field = 'urlId'): Promise<string> {
  if (!(await taken(base))) return base
  if (exact) throw new AppError('conflict', 'url_taken', 'This URL is already used.', { fields: { [field]: 'This URL is already used.' } })
  for (let n = 2; n < 1000; n++) {
    const slug = `${base.slice(0, LIMITS.slug - 5)}-${n}`
    if (!(await taken(slug))) return slug
  }
  throw new AppError('conflict', 'url_taken', 'This URL is already used.', { fields: { [field]: 'This URL is already used.' } })
}

const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 }
export const hashLockPassword = (password: string) => hash(password, ARGON)
export async function verifyLockPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

export const ms = (d: Date | null | undefined): number | null => (d ? d.getTime() : null)
