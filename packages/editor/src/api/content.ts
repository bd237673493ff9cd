// The owner content API (/api/sites/:siteId/content/...): pages and collections, their layouts and items.
import type { Collection, CollectionPatch, Item, ItemPatch, Navigation, NavigationDraftPut, NavigationPublished, NavigationState } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export { COLLECTION_TYPE_NAMES, CONTENT_STATUSES, NAVIGATIONS, STATUS_LABELS } from '@sitewright/contracts'
export type { Collection, CollectionPatch, CollectionTypeName, ContentStatus, Item, ItemPatch, LockKind, Navigation, NavigationDraftPut, NavigationPlace, NavigationState } from '@sitewright/contracts'

export interface ContentApi {
  collections(siteId: SiteId): Promise<ApiResult<{ collections: Collection[] }>>
  collection(siteId: SiteId, id: string): Promise<ApiResult<{ collection: Collection }>>
  createCollection(siteId: SiteId, body: { typeName: string; title: string; navigation?: Navigation; parentId?: string | null }): Promise<ApiResult<{ collection: Collection }>>
  updateCollection(siteId: SiteId, id: string, patch: CollectionPatch): Promise<ApiResult<{ collection: Collection }>>
  deleteCollection(siteId: SiteId, id: string): Promise<ApiResult<void>>
  reorder(siteId: SiteId, navigation: Navigation, ids: string[]): Promise<ApiResult<void>>
  putLayout(siteId: SiteId, id: string, layout: unknown, baseVersion: number): Promise<ApiResult<{ collection: Collection }>>
  items(siteId: SiteId, collectionId: string): Promise<ApiResult<{ items: Item[]; total: number }>>
  createItem(siteId: SiteId, collectionId: string, body: { title: string }): Promise<ApiResult<{ item: Item }>>
  updateItem(siteId: SiteId, itemId: string, patch: ItemPatch): Promise<ApiResult<{ item: Item }>>
  deleteItem(siteId: SiteId, itemId: string): Promise<ApiResult<void>>
  reorderItems(siteId: SiteId, collectionId: string, ids: string[]): Promise<ApiResult<void>>
  /** The navigation as the owner sees it: its draft where there is one (issue 36). */
  navigation(siteId: SiteId): Promise<ApiResult<NavigationState>>
  /** Keeps an arrangement of the pages as the navigation's draft (visitors keep the published navigation). */
  putNavigation(siteId: SiteId, body: NavigationDraftPut): Promise<ApiResult<NavigationState>>
  publishNavigation(siteId: SiteId): Promise<ApiResult<NavigationPublished>>
  discardNavigation(siteId: SiteId): Promise<ApiResult<NavigationState>>
}

const enc = encodeURIComponent

export function createContentApi(client: ApiClient = createApiClient()): ContentApi {
  const base = (siteId: SiteId) => `/api/sites/${enc(siteId)}/content`
  return {
    collections: (s) => client.get(`${base(s)}/collections`),
    collection: (s, id) => client.get(`${base(s)}/collections/${enc(id)}`),
    createCollection: (s, body) => client.post(`${base(s)}/collections`, body),
    updateCollection: (s, id, patch) => client.patch(`${base(s)}/collections/${enc(id)}`, patch),
    deleteCollection: (s, id) => client.del(`${base(s)}/collections/${enc(id)}`),
    reorder: (s, navigation, ids) => client.post(`${base(s)}/collections/reorder`, { navigation, ids }),
    // The version travels as If-Match (the page's updatedOn) so a server that checks it refuses stale saves
    // atomically with 409/412; the layout store below also compares it before writing.
    putLayout: (s, id, layout, baseVersion) =>
      client.put(`${base(s)}/collections/${enc(id)}/layout`, layout, { headers: { 'If-Match': `"${baseVersion}"` } }),
    items: (s, c) => client.get(`${base(s)}/collections/${enc(c)}/items?pageSize=250`),
    createItem: (s, c, body) => client.post(`${base(s)}/collections/${enc(c)}/items`, body),
    updateItem: (s, id, patch) => client.patch(`${base(s)}/items/${enc(id)}`, patch),
    deleteItem: (s, id) => client.del(`${base(s)}/items/${enc(id)}`),
    reorderItems: (s, c, ids) => client.post(`${base(s)}/collections/${enc(c)}/items/reorder`, { ids }),
    navigation: (s) => client.get(`${base(s)}/navigation`),
    putNavigation: (s, body) => client.put(`${base(s)}/navigation`, body),
    publishNavigation: (s) => client.post(`${base(s)}/navigation/publish`, {}),
    discardNavigation: (s) => client.del(`${base(s)}/navigation/draft`),
  }
}
