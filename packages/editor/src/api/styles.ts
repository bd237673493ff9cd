// Site styles persistence: GET/PUT /api/sites/:siteId/styles (the STYLE screen). GET answers `{ styles, updatedOn }`
// (updatedOn null: never saved, the theme's own look); PUT applies only the dirty paths of `styles`.
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export interface StylesApi {
  get(siteId: SiteId): Promise<ApiResult<{ styles: unknown; updatedOn?: number | null }>>
  /** `changes` holds only the dirty paths ('colors.palette', ...) with their new values. */
  save(siteId: SiteId, styles: unknown, changes: Record<string, unknown>): Promise<ApiResult<{ styles: unknown }>>
}

export function createStylesApi(client: ApiClient = createApiClient()): StylesApi {
  const path = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/styles`
  return {
    get: (siteId) => client.get(path(siteId)),
    save: (siteId, styles, changes) => client.put(path(siteId), { styles, dirtyPaths: Object.keys(changes) }),
  }
}
