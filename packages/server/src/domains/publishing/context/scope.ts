// Everything a page of one site is built from: the site, its settings and profile, all its collections, the clock,
// and batched loaders for images and comment/like counts.
import type { FastifyRequest } from 'fastify'
import { collectionSettingsOf, isLive, normalizeGalleryOptions, restore, type CollectionRow, type ContentReader, type ProfileRow } from '../../content/index.js'
import type { Sites, Website, WebsiteSettings } from '../../sites/index.js'
import type { ImageContext, Json, PublishingDeps } from './types.js'
import { defaultScopeLocale, type ScopeLocale } from './locale.js'

export interface SiteScope {
  site: Website
  settings: WebsiteSettings
  profile: ProfileRow
  baseUrl: string
  collections: CollectionRow[]
  byId: Map<string, CollectionRow>
  /** Live item counts per collection (loaded once, when first needed). */
  itemCounts(): Promise<Map<string, number>>
  now: Date
  /** The owner's preview: every page and item shows, whatever its status (never cached). */
  preview: boolean
  content: ContentReader
  deps: PublishingDeps
  request: FastifyRequest | null
  images(ids: readonly (string | null | undefined)[]): Promise<ReadonlyMap<string, ImageContext>>
  /** The feature flags of the site's plan; absent when billing is not wired. */
  featureFlags?: number[]
  /** The page's locale (locale.ts): the default unless the path has an added locale's prefix. */
  locale: ScopeLocale
}

export async function loadScope(sites: Sites, content: ContentReader, deps: PublishingDeps, siteId: string, request: FastifyRequest | null, now = new Date()): Promise<SiteScope | null> {
  const site = await sites.get(siteId)
  if (!site) return null
  const [profile, collections, featureFlags, publicUrl] = await Promise.all([content.profile(siteId), content.siteCollections(siteId), deps.featureFlags?.(siteId), sites.publicUrl(site)])
  let counts: Promise<Map<string, number>> | null = null
  const cache = new Map<string, ImageContext | null>()
  return {
    site,
    settings: sites.settingsOf(site),
    profile,
    baseUrl: publicUrl.replace(/\/+$/, ''),
    collections,
    byId: new Map(collections.map((c) => [c.id, c])),
    itemCounts: () => (counts ??= content.itemCounts(siteId, now)),
    now,
    preview: content.all,
    content,
    deps,
    request,
    locale: defaultScopeLocale(sites.settingsOf(site).locale),
    ...(featureFlags ? { featureFlags } : {}),
    async images(ids) {
      const wanted = [...new Set(ids.filter((x): x is string => typeof x === 'string' && x !== '' && !cache.has(x)))]
      if (wanted.length && deps.images) {
        const found = await deps.images(siteId, wanted)
        for (const id of wanted) cache.set(id, found.get(id) ?? null)
      }
      const out = new Map<string, ImageContext>()
      for (const id of ids) {
        const hit = id ? cache.get(id) : undefined
        if (id && hit) out.set(id, hit)
      }
      return out
    },
  }
}

/** The locale prefix ('/fr') of the translated collection rows of a page in an added locale. */
const PREFIXES = new WeakMap<CollectionRow, string>()

/** `row` (a translated copy) linked under the locale prefix `prefix` ('fr'); '' leaves it unprefixed. */
export function prefixCollection(row: CollectionRow, prefix: string): CollectionRow {
  if (prefix) PREFIXES.set(row, `/${prefix}`)
  return row
}

/** A collection's address: `/urlId` ('/' for the home page), under its locale's prefix (`/fr/boutique`, `/fr`). */
export const fullUrlOf = (c: CollectionRow) => {
  const p = PREFIXES.get(c) ?? ''
  return c.homepage ? p || '/' : `${p}/${c.urlId}`
}
export const liveCollection = (scope: SiteScope, c: CollectionRow | undefined): c is CollectionRow => !!c && (scope.preview || isLive(c, scope.now.getTime()))

/** Collections a visitor may list in search and the sitemap: live, not locked, not hidden. */
export function publicCollections(scope: SiteScope): CollectionRow[] {
  return scope.collections.filter((c) => liveCollection(scope, c) && c.lock === 'none' && !c.seoHidden && c.navigation !== '_hidden' && c.navigation !== '_memberareas')
}

/** The Collection of the context (CONTEXT.md). */
export async function collectionContext(scope: SiteScope, c: CollectionRow, extra: Json = {}): Promise<Json> {
  const [images, counts] = await Promise.all([scope.images([c.mainImageId]), scope.itemCounts()])
  const settings = collectionSettingsOf(c)
  const out: Json = {
    id: c.id,
    websiteId: c.siteId,
    type: c.type,
    typeName: c.typeName,
    title: c.title,
    navigationTitle: c.navigationTitle || c.title,
    urlId: c.urlId,
    fullUrl: fullUrlOf(c),
    description: c.description,
    folder: c.folder,
    folderBehavior: c.folderBehavior,
    tags: [],
    categories: [],
    itemCount: counts.get(c.id) ?? 0,
    backgroundSource: c.backgroundSource,
    calendarView: c.calendarView,
    homepage: c.homepage,
    passwordProtected: c.lock === 'password',
    membersOnly: c.lock === 'members' || c.navigation === '_memberareas',
    seoHidden: c.seoHidden,
  }
  if (c.mainImageId && images.get(c.mainImageId)) out.mainImage = images.get(c.mainImageId)
  if (c.typeName === 'events') out.showPastOrUpcomingEvents = c.showPastOrUpcoming
  if (!['page', 'splash-page', 'index', 'folder'].includes(c.typeName)) out.view = c.view
  if (c.typeName === 'gallery') {
    const options = normalizeGalleryOptions(c.gallery == null ? {} : restore('gallery', c.gallery).options)
    out.galleryDesign = options.design
    out.galleryOptions = options
  }
  if (settings.typeLabel) out.typeLabel = settings.typeLabel
  return { ...out, ...extra }
}

/** Index/folder children: `{ id, typeName, title, navigationTitle, fullUrl, itemCount, mainImage? }`. */
export async function childCollections(scope: SiteScope, parent: CollectionRow): Promise<Json[]> {
  const kids = scope.collections.filter((c) => c.parentId === parent.id && liveCollection(scope, c) && c.navigation !== '_hidden')
  const [images, counts] = await Promise.all([scope.images(kids.map((k) => k.mainImageId)), scope.itemCounts()])
  return kids.map((k) => {
    const out: Json = { id: k.id, typeName: k.typeName, title: k.title, navigationTitle: k.navigationTitle || k.title, fullUrl: fullUrlOf(k), itemCount: counts.get(k.id) ?? 0 }
    const img = k.mainImageId ? images.get(k.mainImageId) : undefined
    if (img) out.mainImage = img
    return out
  })
}
