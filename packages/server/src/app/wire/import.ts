// Imports from other platforms (WXR, Ghost, product CSVs). Needs: sites, accounts (ADMIN check), content, social,
// files, commerce (products), members (Ghost members), and the guarded
// fetcher gallery feeds use (public addresses only, size cap, timeout) for the images.
import { WEBSITE_ROLES, type Accounts } from '../../domains/accounts/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import { createImport, type ImportPorts } from '../../domains/import/index.js'
import type { Members } from '../../domains/members/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Social } from '../../domains/social/index.js'
import { guardedFetch } from '../../platform/guarded-fetch.js'
import type { Base } from './base.js'

export const IMPORT_IMAGE_MAX_BYTES = 20 * 1024 * 1024

export function wireImport(base: Base, d: { sites: Sites; accounts: Accounts; content: Content; social: Social; files: Files; commerce: Commerce; members: Members }) {
  const { db, config, log, opts } = base
  return createImport(db.orm, {
    dataDir: config.dataDir,
    log,
    authorizeAdmin: (request, siteId) => d.sites.authorize(d.accounts.auth, request, siteId, [WEBSITE_ROLES.ADMIN]),
    ports: importPorts(d, opts.importImageTimeoutMs ?? 15_000),
  })
}

/** The other domains' public functions the import uses (tests import through them too). Writes pass the import's transaction. */
export function importPorts(d: { content: Content; social: Social; files: Files; commerce: Commerce; members: Members }, imageTimeoutMs: number): ImportPorts {
  return {
    content: {
      createCollection: (siteId, input, tx) => d.content.createCollection(siteId, input, tx),
      updateCollection: (siteId, id, patch, tx) => d.content.updateCollection(siteId, id, patch, tx),
      createItem: (siteId, collectionId, input, tx) => d.content.createItem(siteId, collectionId, input, tx),
      updateItem: (siteId, id, patch, tx) => d.content.updateItem(siteId, id, patch, tx),
      addRedirects: (siteId, pairs, tx) => d.content.addRedirects(siteId, pairs, tx),
      changed: (siteId) => d.content.changed(siteId),
      listCollections: (siteId) => d.content.listCollections(siteId),
      collectionById: (siteId, id) => d.content.collectionById(siteId, id),
      reorderCollections: (siteId, navigation, ids) => d.content.reorderCollections(siteId, navigation, ids),
      itemById: (siteId, id) => d.content.read.itemById(siteId, id),
    },
    addComment: (siteId, itemId, input, tx) => d.social.addComment(siteId, itemId, input, tx),
    commerce: {
      createProduct: (siteId, input, tx) => d.commerce.createProduct(siteId, input, tx),
      updateProduct: (siteId, productId, patch, tx) => d.commerce.updateProduct(siteId, productId, patch, tx),
      productById: async (siteId, productId) => (await d.commerce.productById(siteId, productId)) ?? null,
      countProducts: (siteId, collectionId) => d.commerce.countProducts(siteId, collectionId),
    },
    addMember: (siteId, input, tx) => d.members.importMember(siteId, input, tx),
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
      const r = await guardedFetch(url, { maxBytes: IMPORT_IMAGE_MAX_BYTES, accept: 'image/*', userAgent: 'Sitewright import', what: 'image', timeoutMs: imageTimeoutMs, maxRedirects: 3 })
      return { bytes: r.body, contentType: r.contentType }
    },
  }
}

