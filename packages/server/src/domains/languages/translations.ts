// Translated fields per locale: the owner's writes (checked against the object's translatable fields, HTML sanitized,
// slugs checked and unique per locale) and the reads published pages are rendered from.
import { BLOCK_TRANSLATABLE_PROPS, PAGE_TRANSLATABLE_FIELDS, urlSlugWithSlash, type TranslationKind, type TranslationsAnswer } from '@sitewright/contracts'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { translations } from './schema.js'

/** What the languages domain needs to know of a page (from the content domain, through its port). */
export interface PageShape {
  id: string
  urlId: string
  /** The blocks of its layout: id and type name. */
  blocks: { id: string; typeName: string }[]
}

export interface TranslationPorts {
  page(siteId: string, pageId: string): Promise<PageShape | null>
  /** Every page's default slug (id -> urlId). */
  urlIds(siteId: string): Promise<Map<string, string>>
  /** Sanitizes owner HTML of a block type's prop (the content domain's rule). */
  sanitize(typeName: string, html: string): string
  /** Path segments a page may not start with (reserved addresses). */
  reserved: ReadonlySet<string>
}

const MAX_TEXT = 100_000
const HTML_PROPS = new Set(['text.html', 'html.html', 'newsletter.description'])
const PAGE_FIELDS: ReadonlySet<string> = new Set(PAGE_TRANSLATABLE_FIELDS)

const invalid = (field: string, message: string) => new AppError('invalid_data', 'translation_invalid', message, { fields: { [field]: message } })

/** The translated fields of one object in one locale. */
export async function readTranslations(orm: Orm, siteId: string, locale: string, kind: TranslationKind, objectId: string): Promise<TranslationsAnswer> {
  const rows = await orm
    .select({ field: translations.field, value: translations.value })
    .from(translations)
    .where(and(eq(translations.siteId, siteId), eq(translations.locale, locale), eq(translations.kind, kind), eq(translations.objectId, objectId)))
  const fields: Record<string, string> = {}
  for (const r of rows) if (typeof r.value === 'string') fields[r.field] = r.value
  return { locale, kind, objectId, fields }
}

/** Checks and normalizes one field's value: the field must be translatable on this page, the text within limits. */
function normalize(page: PageShape, field: string, value: string, ports: TranslationPorts): string {
  if (value.length > MAX_TEXT) throw invalid(field, `Use at most ${MAX_TEXT} characters.`)
  if (PAGE_FIELDS.has(field)) {
    if (field !== 'urlId') return field === 'description' ? ports.sanitize('text', value) : value.trim()
    const slug = urlSlugWithSlash(value)
    if (!slug) throw invalid(field, 'Enter a page URL with letters or digits.')
    if (ports.reserved.has(slug.split('/')[0]!)) throw invalid(field, `/${slug} is reserved: choose another URL.`)
    return slug
  }
  const dot = field.indexOf('.')
  const block = dot > 0 ? page.blocks.find((b) => b.id === field.slice(0, dot)) : undefined
  const prop = field.slice(dot + 1)
  if (!block) throw invalid(field, `${field} is not a field of this page. Translate the page fields (${PAGE_TRANSLATABLE_FIELDS.join(', ')}) or a block's text as <blockId>.<prop>.`)
  if (!(BLOCK_TRANSLATABLE_PROPS[block.typeName] ?? []).includes(prop)) throw invalid(field, `A ${block.typeName} block has no translatable ${prop}.`)
  return HTML_PROPS.has(`${block.typeName}.${prop}`) ? ports.sanitize(block.typeName, value) : value
}

/** Writes (null: removes) translated fields of a page in one locale, in one transaction; answers all its fields. */
export async function writePageTranslations(orm: Orm, siteId: string, locale: string, pageId: string, fields: Record<string, string | null>, ports: TranslationPorts): Promise<TranslationsAnswer> {
  const page = await ports.page(siteId, pageId)
  if (!page) throw new AppError('not_found', 'page_not_found', 'No such page on this site.')
  const entries = Object.entries(fields)
  if (!entries.length) throw invalid('fields', 'Send at least one field to translate.')
  const writes = entries.map(([field, value]) => [field, value === null ? null : normalize(page, field, value, ports)] as const)
  const slug = writes.find(([f]) => f === 'urlId')?.[1]
  // read before the transaction: on PGlite a transaction holds the one connection until it ends
  const urlIds = slug ? await ports.urlIds(siteId) : null
  return writeFields(orm, siteId, locale, 'page', pageId, writes, async (tx) => {
    if (slug && urlIds) await slugFree(tx, siteId, locale, pageId, slug, urlIds)
  })
}

/** Writes (null or '': removes) checked fields of one object in one locale in one transaction (taking turns per
 * site and locale); answers all its translated fields. `before` runs first inside the transaction. */
export async function writeFields(
  orm: Orm, siteId: string, locale: string, kind: TranslationKind, objectId: string, writes: readonly (readonly [string, string | null])[], before?: (tx: Orm) => Promise<void>,
): Promise<TranslationsAnswer> {
  await orm.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`translations:${siteId}:${locale}`}))`)
    if (before) await before(tx)
    for (const [field, value] of writes) {
      const key = and(eq(translations.siteId, siteId), eq(translations.locale, locale), eq(translations.kind, kind), eq(translations.objectId, objectId), eq(translations.field, field))
      if (value === null || value === '') await tx.delete(translations).where(key)
      else
        await tx
          .insert(translations)
          .values({ siteId, locale, kind, objectId, field, value })
          .onConflictDoUpdate({ target: [translations.siteId, translations.locale, translations.kind, translations.objectId, translations.field], set: { value, updatedAt: new Date() } })
    }
  })
  return readTranslations(orm, siteId, locale, kind, objectId)
}

/** A translated slug must not be another page's address in that locale (its translated slug, else its default one). */
async function slugFree(tx: Orm, siteId: string, locale: string, pageId: string, slug: string, urlIds: ReadonlyMap<string, string>): Promise<void> {
  const rows = await tx
    .select({ objectId: translations.objectId, value: translations.value })
    .from(translations)
    .where(and(eq(translations.siteId, siteId), eq(translations.locale, locale), eq(translations.kind, 'page'), eq(translations.field, 'urlId')))
  const translated = new Map(rows.map((r) => [r.objectId, String(r.value)]))
  for (const [id, urlId] of urlIds) {
    if (id === pageId) continue
    if ((translated.get(id) ?? urlId) === slug) throw new AppError('conflict', 'translation_slug_taken', `/${slug} is already the address of another page in ${locale}. Choose another URL.`, { fields: { urlId: `/${slug} is already the address of another page in ${locale}.` } })
  }
}

/** What a published page in `locale` is rendered from: that locale's page fields, and every locale's translated slugs. */
export interface RenderTranslations {
  /** pageId -> field -> text, in the requested locale. */
  pages: Map<string, Record<string, string>>
  /** locale -> pageId -> translated slug. */
  slugs: Map<string, Map<string, string>>
  /** The other kinds' fields in the requested locale: kind -> objectId -> field -> text. */
  objects: Map<string, Map<string, Record<string, string>>>
}

export async function renderTranslations(orm: Orm, siteId: string, locale: string | null, locales: readonly string[]): Promise<RenderTranslations> {
  const out: RenderTranslations = { pages: new Map(), slugs: new Map(), objects: new Map() }
  if (!locales.length) return out
  const rows = await orm
    .select({ locale: translations.locale, kind: translations.kind, objectId: translations.objectId, field: translations.field, value: translations.value })
    .from(translations)
    .where(
      and(
        eq(translations.siteId, siteId),
        inArray(translations.locale, [...locales]),
        locale ? or(eq(translations.locale, locale), and(eq(translations.kind, 'page'), eq(translations.field, 'urlId'))) : and(eq(translations.kind, 'page'), eq(translations.field, 'urlId')),
      ),
    )
  for (const r of rows) {
    if (typeof r.value !== 'string') continue
    if (r.kind !== 'page') {
      const byId = out.objects.get(r.kind) ?? new Map<string, Record<string, string>>()
      const o = byId.get(r.objectId) ?? {}
      o[r.field] = r.value
      byId.set(r.objectId, o)
      out.objects.set(r.kind, byId)
      continue
    }
    if (r.field === 'urlId') {
      const m = out.slugs.get(r.locale) ?? new Map<string, string>()
      m.set(r.objectId, r.value)
      out.slugs.set(r.locale, m)
    }
    if (r.locale === locale) {
      const p = out.pages.get(r.objectId) ?? {}
      p[r.field] = r.value
      out.pages.set(r.objectId, p)
    }
  }
  return out
}
