// Wiring of the import domain: its ports are the public functions of content, social and files, and the guarded
// fetcher gallery feeds use (public addresses only, size cap, timeout).
import { WEBSITE_ROLES, type Auth } from '../../domains/accounts/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import { createImport } from '../../domains/import/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Social } from '../../domains/social/index.js'
import type { Orm } from '../../platform/db/index.js'
import { guardedFetch } from '../../platform/guarded-fetch.js'

export const IMPORT_IMAGE_MAX_BYTES = 20 * 1024 * 1024

export interface ImportWiring {
  sites: Sites
  auth: Auth
  content: Content
  social: Social
  files: Files
  dataDir: string
  log?: { error(obj: object, msg: string): void }
  /** Per image (ms); tests shorten it. */
  imageTimeoutMs?: number | undefined
}

export function wireImport(orm: Orm, d: ImportWiring) {
  return createImport(orm, {
    dataDir: d.dataDir,
    log: d.log,
    authorizeAdmin: (request, siteId) => d.sites.authorize(d.auth, request, siteId, [WEBSITE_ROLES.ADMIN]),
    ports: {
      content: {
        createCollection: (siteId, input) => d.content.createCollection(siteId, input),
        updateCollection: (siteId, id, patch) => d.content.updateCollection(siteId, id, patch),
        createItem: (siteId, collectionId, input) => d.content.createItem(siteId, collectionId, input),
        updateItem: (siteId, id, patch) => d.content.updateItem(siteId, id, patch),
        addRedirects: (siteId, pairs) => d.content.addRedirects(siteId, pairs),
        listCollections: (siteId) => d.content.listCollections(siteId),
        collectionById: (siteId, id) => d.content.collectionById(siteId, id),
        itemById: (siteId, id) => d.content.read.itemById(siteId, id),
      },
      addComment: (siteId, itemId, input) => d.social.addComment(siteId, itemId, input),
      storeImage: async (siteId, filename, bytes, meta) => {
        const asset = await d.files.storeBuffer(siteId, filename, bytes, meta)
        if (asset.kind !== 'image') throw new Error('not an image')
        return { id: asset.id, assetUrl: asset.assetUrl }
      },
      imagesOf: async (siteId, ids) => {
        const found = await d.files.getAssets(siteId, ids)
        return new Map([...found].map(([id, img]) => [id, { id, assetUrl: img.assetUrl }]))
      },
      fetchImage: async (url) => {
        const r = await guardedFetch(url, { maxBytes: IMPORT_IMAGE_MAX_BYTES, accept: 'image/*', userAgent: 'Sitewright import', what: 'image', timeoutMs: d.imageTimeoutMs ?? 15_000, maxRedirects: 3 })
        return { bytes: r.body, contentType: r.contentType }
      },
    },
  })
}
