// Site styles persistence: GET/PUT /api/sites/:siteId/styles (the STYLE screen). GET answers `{ styles, updatedOn,
// unpublished }` (updatedOn null: never saved, the theme's own look); PUT applies only the dirty paths of `styles` to
// the draft (issue 36: the canvas and the private preview show it; visitors see it after Publish).
import type { StylesPublished, StylesState } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export interface StylesApi {
  get(siteId: SiteId): Promise<ApiResult<StylesState>>
  /** `changes` holds only the dirty paths ('colors.palette', ...) with their new values; saved as the draft. */
  save(siteId: SiteId, styles: unknown, changes: Record<string, unknown>): Promise<ApiResult<StylesState>>
  /** Publishes the draft: visitors see it. */
  publish(siteId: SiteId): Promise<ApiResult<StylesPublished>>
  /** Drops the draft: the published styles again. */
  discardDraft(siteId: SiteId): Promise<ApiResult<StylesState>>
}

export function createStylesApi(client: ApiClient = createApiClient()): StylesApi {
  const path = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/styles`
  return {
    get: (siteId) => client.get(path(siteId)),
    save: (siteId, styles, changes) => client.put(path(siteId), { styles, dirtyPaths: Object.keys(changes) }),
    publish: (siteId) => client.post(`${path(siteId)}/publish`, {}),
    discardDraft: (siteId) => client.del(`${path(siteId)}/draft`),
  }
}
