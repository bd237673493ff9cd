// The site profile (/api/sites/:siteId/content/profile): site-wide texts, logo, social accounts and the
// connected-account links that close the main navigation.
import type { SiteProfile, SiteProfilePatch } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export type { ConnectedLink, ConnectedLinkProvider, SiteProfile, SiteProfilePatch } from '@sitewright/contracts'

export interface ProfileApi {
  get(siteId: SiteId): Promise<ApiResult<{ profile: SiteProfile }>>
  /** Changes any subset of the profile; `connectedLinks` replaces the whole list. */
  update(siteId: SiteId, patch: SiteProfilePatch): Promise<ApiResult<{ profile: SiteProfile }>>
}

export function createProfileApi(client: ApiClient = createApiClient()): ProfileApi {
  const path = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/content/profile`
  return {
    get: (siteId) => client.get(path(siteId)),
    update: (siteId, patch) => client.patch(path(siteId), patch),
  }
}
