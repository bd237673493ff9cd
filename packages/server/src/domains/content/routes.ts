// Owner content API under /api/sites/:siteId/content/... (ADMIN, EDITOR; crumb-checked writes).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import { WEBSITE_ROLES, type Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import * as col from './collections.js'
import * as itm from './items.js'
import { getProfile, profileDto, profilePatch, updateProfile } from './profile.js'
import { ms } from './shared.js'
import * as v from './validators.js'
import { refuseGatedBlocks, type RequireFeature } from './gated.js'
import { refuseUnsupportedVideos, vimeoAccountLookup } from './videos.js'
import type { GalleryFeeds } from './gallery-feeds.js'
import { ifMatchVersion, VersionConflict, versionTag } from './versioning.js'
import { registerNavigationRoutes } from './navigation-routes.js'

export const CONTENT_ROLES = [WEBSITE_ROLES.ADMIN, WEBSITE_ROLES.EDITOR] as const
const tags = ['content']
const dto = z.record(z.string(), z.unknown())
const common = {
  400: { description: 'validation_failed with fields' },
  401: { description: 'not signed in' },
  403: { description: 'role_not_allowed, or crumb failure' },
  404: { description: 'site_not_found, collection_not_found or item_not_found' },
}

export interface ContentRouteDeps {
  sites: Sites
  auth: Auth
  /** Called after every committed content write of a site. */
  changed(siteId: string): void
  /** The plan check of gated block types (billing, bound in build-app); none: nothing is gated. */
  requireFeature?: RequireFeature
  /** Gallery accounts' photo feeds: a saved layout refreshes the feeds it names. */
  feeds: Pick<GalleryFeeds, 'refreshLayout'>
}

const conflict = { 409: { description: 'version_conflict: If-Match names an older version (the ETag header carries the current one)' } }

/** Runs a versioned write: the If-Match version is checked in the write; the answer's ETag is the new (or current) version. */
async function versioned<T>(request: FastifyRequest, reply: FastifyReply, write: (ifVersion: number | undefined) => Promise<T>, versionOf: (r: T) => number | null): Promise<T> {
  try {
    const result = await write(ifMatchVersion(request.headers['if-match']))
    reply.header('etag', versionTag(versionOf(result)))
    return result
  } catch (e) {
    if (e instanceof VersionConflict) reply.header('etag', versionTag(e.current))
    throw e
  }
}

export function registerContentRoutes(app: FastifyInstance, orm: Orm, deps: ContentRouteDeps): void {
  const allow = (request: FastifyRequest, siteId: string) => deps.sites.authorize(deps.auth, request, siteId, CONTENT_ROLES)
  const base = '/api/sites/:siteId/content'
  const videos = vimeoAccountLookup()
  registerNavigationRoutes(app, orm, { allow, changed: deps.changed })

  defineRoute(app, { method: 'GET', url: `${base}/profile`, summary: 'Site-wide content: description, tag line, logo, social follow accounts', tags, params: v.siteParams, responses: { 200: { description: '{ profile }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { profile: profileDto(await getProfile(orm, params.siteId)) }
  })

  defineRoute(app, { method: 'PATCH', url: `${base}/profile`, summary: 'Change the site-wide content (any subset of the fields)', tags, params: v.siteParams, body: profilePatch, responses: { 200: { description: '{ profile }' }, ...common } }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    const row = await updateProfile(orm, params.siteId, body)
    deps.changed(params.siteId)
    return { profile: profileDto(row) }
  })

  defineRoute(app, { method: 'GET', url: `${base}/collections`, summary: 'Pages and collections of the site (every status), in navigation order', tags, params: v.siteParams, responses: { 200: { description: '{ collections }', schema: z.object({ collections: z.array(dto) }) }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { collections: (await col.listCollections(orm, params.siteId)).map(col.collectionDto) }
  })

  defineRoute(
    app,
    { method: 'POST', url: `${base}/collections`, summary: 'Create a page or collection (typeName page, splash-page, blog, events, gallery, products, index, folder)', tags, params: v.siteParams, body: v.createCollectionBody, responses: { 201: { description: '{ collection }' }, 409: { description: 'url_taken' }, ...common } },
    async ({ request, reply, params, body }) => {
      await allow(request, params.siteId)
      await refuseGatedBlocks(params.siteId, body.layout, deps.requireFeature) // blocks the site's plan does not open: 403
      await refuseUnsupportedVideos(body.layout, videos) // async validation: Vimeo Basic accounts are unsupported
      const row = await col.createCollection(orm, params.siteId, body)
      await deps.feeds.refreshLayout(params.siteId, body.layout)
      deps.changed(params.siteId)
      reply.code(201)
      return { collection: col.collectionDto(row) }
    },
  )

  defineRoute(app, { method: 'POST', url: `${base}/collections/reorder`, summary: 'Order the pages of a navigation section (main, footer, _hidden, _memberareas)', tags, params: v.siteParams, body: v.reorderCollectionsBody, responses: { 204: { description: 'Reordered' }, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await col.reorderCollections(orm, params.siteId, body.navigation, body.ids)
    deps.changed(params.siteId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'GET', url: `${base}/collections/:collectionId`, summary: 'One page or collection with its layout and options', tags, params: v.collectionParams, responses: { 200: { description: '{ collection } (ETag: its version)' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    const row = await col.getCollection(orm, params.siteId, params.collectionId)
    reply.header('etag', versionTag(ms(row.updatedAt)))
    return { collection: col.collectionDto(row) }
  })

  defineRoute(
    app,
    { method: 'PATCH', url: `${base}/collections/:collectionId`, summary: 'Change a page or collection (a new urlId records a 301 redirect from the old path)', tags, params: v.collectionParams, body: v.updateCollectionBody, responses: { 200: { description: '{ collection }' }, 409: { description: 'url_taken' }, ...common } },
    async ({ request, params, body }) => {
      await allow(request, params.siteId)
      await refuseGatedBlocks(params.siteId, body.layout, deps.requireFeature) // blocks the site's plan does not open: 403
      await refuseUnsupportedVideos(body.layout, videos) // async validation: Vimeo Basic accounts are unsupported
      const row = await col.updateCollection(orm, params.siteId, params.collectionId, body)
      await deps.feeds.refreshLayout(params.siteId, body.layout)
      deps.changed(params.siteId)
      return { collection: col.collectionDto(row) }
    },
  )

  defineRoute(app, { method: 'PUT', url: `${base}/collections/:collectionId/layout`, summary: 'Replace the block layout of a page (sections of blocks with the spec block type ids); If-Match: "<updatedOn>" refuses a stale write', tags, params: v.collectionParams, body: v.layoutInput, responses: { 200: { description: '{ collection } (ETag: the new version)' }, ...conflict, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await refuseGatedBlocks(params.siteId, body, deps.requireFeature) // blocks the site's plan does not open: 403
    await refuseUnsupportedVideos(body, videos) // async validation: Vimeo Basic accounts are unsupported
    const row = await versioned(request, reply, (ifVersion) => col.setCollectionLayout(orm, params.siteId, params.collectionId, body, ifVersion), (r) => ms(r.updatedAt))
    await deps.feeds.refreshLayout(params.siteId, body)
    deps.changed(params.siteId)
    return { collection: col.collectionDto(row) }
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/collections/:collectionId`, summary: 'Delete a page or collection with its items', tags, params: v.collectionParams, responses: { 204: { description: 'Deleted' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await col.deleteCollection(orm, params.siteId, params.collectionId)
    deps.changed(params.siteId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'GET', url: `${base}/collections/:collectionId/items`, summary: 'Items of a collection (every status unless filtered)', tags, params: v.collectionParams, query: v.listItemsQuery, responses: { 200: { description: '{ items, total, page, pageSize }' }, ...common } }, async ({ request, params, query }) => {
    await allow(request, params.siteId)
    const { collection, items, total } = await itm.listItems(orm, params.siteId, params.collectionId, query)
    return { items: items.map((i) => itm.itemDto(i, collection)), total, page: query.page, pageSize: query.pageSize }
  })

  defineRoute(
    app,
    { method: 'POST', url: `${base}/collections/:collectionId/items`, summary: 'Add an item (post, event, gallery image, ...) to a collection', tags, params: v.collectionParams, body: v.createItemBody, responses: { 201: { description: '{ item }' }, 409: { description: 'url_taken, collection_full (250 items), not_a_collection, products_in_store' }, ...common } },
    async ({ request, reply, params, body }) => {
      await allow(request, params.siteId)
      await refuseGatedBlocks(params.siteId, body.layout, deps.requireFeature) // blocks the site's plan does not open: 403
      await refuseUnsupportedVideos(body.layout, videos) // async validation: Vimeo Basic accounts are unsupported
      const { item, collection } = await itm.createItem(orm, params.siteId, params.collectionId, body)
      await deps.feeds.refreshLayout(params.siteId, body.layout)
      deps.changed(params.siteId)
      reply.code(201)
      return { item: itm.itemDto(item, collection) }
    },
  )

  defineRoute(app, { method: 'POST', url: `${base}/collections/:collectionId/items/reorder`, summary: 'Order the items of a collection by hand', tags, params: v.collectionParams, body: v.reorderBody, responses: { 204: { description: 'Reordered' }, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await itm.reorderItems(orm, params.siteId, params.collectionId, body.ids)
    deps.changed(params.siteId)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'GET', url: `${base}/items/:itemId`, summary: 'One item', tags, params: v.itemParams, responses: { 200: { description: '{ item }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    const item = await itm.getItem(orm, params.siteId, params.itemId)
    const collection = await col.getCollection(orm, params.siteId, item.collectionId)
    return { item: itm.itemDto(item, collection) }
  })

  defineRoute(
    app,
    { method: 'PATCH', url: `${base}/items/:itemId`, summary: 'Change an item (a new urlId records a 301 redirect from the old path)', tags, params: v.itemParams, body: v.updateItemBody, responses: { 200: { description: '{ item }' }, 409: { description: 'url_taken' }, ...common } },
    async ({ request, params, body }) => {
      await allow(request, params.siteId)
      await refuseGatedBlocks(params.siteId, body.layout, deps.requireFeature) // blocks the site's plan does not open: 403
      await refuseUnsupportedVideos(body.layout, videos) // async validation: Vimeo Basic accounts are unsupported
      const { item, collection } = await itm.updateItem(orm, params.siteId, params.itemId, body)
      await deps.feeds.refreshLayout(params.siteId, body.layout)
      deps.changed(params.siteId)
      return { item: itm.itemDto(item, collection) }
    },
  )

  defineRoute(app, { method: 'PUT', url: `${base}/items/:itemId/layout`, summary: 'Replace the block layout of an item body; If-Match: "<updatedOn>" refuses a stale write', tags, params: v.itemParams, body: v.layoutInput, responses: { 200: { description: '{ item } (ETag: the new version)' }, ...conflict, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await refuseGatedBlocks(params.siteId, body, deps.requireFeature) // blocks the site's plan does not open: 403
    await refuseUnsupportedVideos(body, videos) // async validation: Vimeo Basic accounts are unsupported
    const { item, collection } = await versioned(request, reply, (ifVersion) => itm.updateItem(orm, params.siteId, params.itemId, { layout: body }, ifVersion), (r) => ms(r.item.updatedAt))
    await deps.feeds.refreshLayout(params.siteId, body)
    deps.changed(params.siteId)
    return { item: itm.itemDto(item, collection) }
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/items/:itemId`, summary: 'Delete an item', tags, params: v.itemParams, responses: { 204: { description: 'Deleted' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await itm.deleteItem(orm, params.siteId, params.itemId)
    deps.changed(params.siteId)
    return reply.code(204).send()
  })
}
