// Public API of the content domain: pages and collections, items, layouts of blocks, redirects, and the read side
// the publishing domain renders from.
import type { CollectionPatch, ItemPatch, Navigation, SiteProfilePatch } from '@sitewright/contracts'
import type { Accepts, Assert } from '../../platform/http/contract.js'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { parseWith } from '../../platform/http/validate.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import type { RequireFeature } from './blocks/index.js'
import { createGalleryFeeds, type GalleryFeeds } from './feeds/index.js'
import { connectedLinkTitle, getProfile, profilePatch, updateProfile } from './profile.js'
import { navigationDraft, overlayNavigation } from './navigation-draft.js'
import { registerContentRoutes } from './routes.js'
import { recordRedirect } from './shared.js'
import * as v from './validators.js'
import { collections as col, items as itm, queries as q } from './records/index.js'

export * as CONTENT from './constants.js'
export { BLOCK_TYPES, PAGE_TYPES, RECORD_TYPES, COLLECTION_TYPES, FOLDER_BEHAVIOR, BACKGROUND_SOURCE, COMMENT_STATE } from './constants.js'
export type { BlockTypeName, ContentStatus, Navigation, TypeName } from './constants.js'
export { restore, type StoredBlock, type StoredLayout } from '@sitewright/contracts'
export { GALLERY_DEFAULTS, normalizeGalleryOptions, type GalleryOptions } from './blocks/index.js'
export { renderMarkdown } from './text/index.js'
export { sanitizeHtml, htmlToText } from './text/index.js'
export { verifyLockPassword, RESERVED_SEGMENTS } from './shared.js'
export { sanitizeBlockValue } from './blocks/index.js'
export { isLive, type SearchHit, type ItemOrder } from './records/index.js'
export { settingsOf as collectionSettingsOf, type CollectionDto, type PopupOverlaySettings } from './records/index.js'
export { itemDataOf, type ItemData, type ItemDto } from './records/index.js'
export { contentTables, type FeedImage, type CollectionRow, type ItemRow, type ProfileRow, type SocialAccount } from './schema.js'
export { connectedLinkTitle }
export { CONTENT_ROLES } from './routes.js'
export type { NavigationState } from './navigation-draft.js'
export type { NavigationDraftEntry } from './schema.js'

export type CollectionInput = z.input<typeof v.createCollectionBody>
/** Everything PATCH collections/:id takes (the editor's `CollectionPatch` of packages/contracts is part of it). */
export type CollectionUpdate = z.input<typeof v.updateCollectionBody>
type _CollectionPatchAccepted = Assert<Accepts<CollectionUpdate, CollectionPatch>>
export type ItemInput = z.input<typeof v.createItemBody>
/** Everything PATCH items/:id takes (the editor's `ItemPatch` of packages/contracts is part of it). */
export type ItemUpdate = z.input<typeof v.updateItemBody>
type _ItemPatchAccepted = Assert<Accepts<ItemUpdate, ItemPatch>>
/** PATCH profile: the editor's `SiteProfilePatch` (packages/contracts) passes as it is. */
type _ProfilePatchAccepted = Assert<Accepts<z.input<typeof profilePatch>, SiteProfilePatch>>

/** The reads publishing builds pages from: live content only, or (all) every status and publication time. */
function createReader(orm: Orm, all: boolean, feeds: GalleryFeeds) {
  return {
    /** True for the owner-preview reader. */
    all,
    profile: (siteId: string) => getProfile(orm, siteId),
    // the owner's preview shows the navigation's draft
    siteCollections: async (siteId: string) => {
      const rows = await q.siteCollections(orm, siteId)
      return all ? overlayNavigation(rows, await navigationDraft(orm, siteId)) : rows
    },
    liveItems: (siteId: string, collectionId: string, query: q.ItemQuery) => q.liveItems(orm, siteId, collectionId, { ...query, all }),
    liveItemBySlug: (siteId: string, collectionId: string, urlId: string, now: Date) => q.liveItemBySlug(orm, siteId, collectionId, urlId, now, all),
    adjacentItems: (siteId: string, item: Parameters<typeof q.adjacentItems>[2], order: q.ItemOrder, now: Date) => q.adjacentItems(orm, siteId, item, order, now, all),
    tagsAndCategories: (siteId: string, collectionId: string, now: Date) => q.tagsAndCategories(orm, siteId, collectionId, now, all),
    itemCounts: (siteId: string, now: Date) => q.itemCounts(orm, siteId, now, all),
    redirectsFor: (siteId: string, paths: string[]) => q.redirectsFor(orm, siteId, paths),
    nextPublishOn: (siteId: string, now: Date) => q.nextPublishOn(orm, siteId, now),
    liveItemsOf: (siteId: string, collectionIds: string[], now: Date) => q.liveItemsOf(orm, siteId, collectionIds, now, 5000, all),
    /** The cached images of gallery accounts' photo feeds (stale or missing ones refreshed in the background). */
    galleryFeeds: (siteId: string, urls: string[]) => feeds.images(siteId, urls),
    search: (siteId: string, query: string, collectionIds: string[], now: Date, limit: number, offset: number) => q.searchContent(orm, siteId, query, collectionIds, now, limit, offset, all),
  }
}

export function createContent(orm: Orm, deps: { sites: Sites; auth: Auth; requireFeature?: RequireFeature }) {
  const listeners = new Set<(siteId: string) => void>()
  const changed = (siteId: string) => {
    for (const fn of listeners) fn(siteId)
  }
  const feeds = createGalleryFeeds(orm, { changed })
  const reader = (all: boolean) => createReader(orm, all, feeds)
  return {
    /** `fn(siteId)` runs after every committed content write (publishing drops its cached pages). */
    onChange(fn: (siteId: string) => void): void {
      listeners.add(fn)
    },
    routes(app: FastifyInstance): void {
      registerContentRoutes(app, orm, { ...deps, changed, feeds })
    },

    // Owner-side operations (validated like the API; used by the demo seed and other domains). Given `tx` (the
    // caller's open transaction, e.g. an import writing a record with its source-id mapping), a write runs inside
    // it and the caller calls `changed(siteId)` once it has committed (pages cached before the commit are dropped).
    async createCollection(siteId: string, input: CollectionInput, tx?: Orm): Promise<col.CollectionDto> {
      const row = await col.createCollection(tx ?? orm, siteId, parseWith(v.createCollectionBody, input, 'collection'))
      if (!tx) changed(siteId)
      return col.collectionDto(row)
    },
    async updateCollection(siteId: string, collectionId: string, patch: CollectionUpdate, tx?: Orm): Promise<col.CollectionDto> {
      const row = await col.updateCollection(tx ?? orm, siteId, collectionId, parseWith(v.updateCollectionBody, patch, 'collection'))
      if (!tx) changed(siteId)
      return col.collectionDto(row)
    },
    /** After a write made in the caller's transaction (`tx` above) has committed: cached pages of the site are dropped. */
    changed,
    /** `ids` first, in that order, moved into `navigation` (main, footer, ...); the section's other pages follow. */
    async reorderCollections(siteId: string, navigation: Navigation, ids: string[]): Promise<void> {
      const body = parseWith(v.reorderCollectionsBody, { navigation, ids }, 'navigation')
      await col.reorderCollections(orm, siteId, body.navigation, body.ids)
      changed(siteId)
    },
    async createItem(siteId: string, collectionId: string, input: ItemInput, tx?: Orm): Promise<itm.ItemDto> {
      const { item, collection } = await itm.createItem(tx ?? orm, siteId, collectionId, parseWith(v.createItemBody, input, 'item'))
      if (!tx) changed(siteId)
      return itm.itemDto(item, collection)
    },
    async updateItem(siteId: string, itemId: string, patch: ItemUpdate, tx?: Orm): Promise<itm.ItemDto> {
      const { item, collection } = await itm.updateItem(tx ?? orm, siteId, itemId, parseWith(v.updateItemBody, patch, 'item'))
      if (!tx) changed(siteId)
      return itm.itemDto(item, collection)
    },
    async updateProfile(siteId: string, patch: z.input<typeof profilePatch>) {
      const row = await updateProfile(orm, siteId, parseWith(profilePatch, patch, 'profile'))
      changed(siteId)
      return row
    },
    listCollections: async (siteId: string) => (await col.listCollections(orm, siteId)).map(col.collectionDto),
    /** Records 301 redirects (old path -> new path, e.g. an imported site's old addresses), in one transaction (or the caller's `tx`). */
    async addRedirects(siteId: string, pairs: readonly { from: string; to: string }[], tx?: Orm): Promise<void> {
      if (!pairs.length) return
      await (tx ?? orm).transaction(async (inner) => {
        for (const p of pairs) await recordRedirect(inner, siteId, p.from, p.to)
      })
      if (!tx) changed(siteId)
    },
    /** A collection of the site by id, or null. */
    collectionById: async (siteId: string, collectionId: string) => {
      try {
        return col.collectionDto(await col.getCollection(orm, siteId, collectionId))
      } catch {
        return null
      }
    },

    /** Visitor-side reads (only live content); `read.preview`: the same reads showing every item (owner preview). */
    read: {
      ...reader(false),
      preview: reader(true),
      /** The fullUrl of a collection ('/shop'), or null. */
      collectionPath: async (siteId: string, collectionId: string) => {
        const c = (await q.siteCollections(orm, siteId)).find((x) => x.id === collectionId)
        return c ? (c.homepage ? '/' : `/${c.urlId}`) : null
      },
      /** A live item in a live collection, for visitors' comments and likes (null when there is none). */
      visitorItem: async (siteId: string, itemId: string) => {
        const now = new Date()
        const [item] = await q.liveItemsByIds(orm, siteId, [itemId], now)
        if (!item) return null
        const c = (await q.siteCollections(orm, siteId)).find((x) => x.id === item.collectionId)
        return c && q.isLive(c, now.getTime()) && c.lock === 'none' ? { commentState: item.commentState } : null
      },
      /** An item of the site by id (any status), e.g. for the social domain to check a comment target. */
      itemById: async (siteId: string, itemId: string) => {
        try {
          return await itm.getItem(orm, siteId, itemId)
        } catch {
          return null
        }
      },
    },
  }
}

export type Content = ReturnType<typeof createContent>
export type ContentRead = Content['read']
/** The reads a page is built from (`ContentRead`, or its `preview` for the owner's preview). */
export type ContentReader = ReturnType<typeof createReader>
