// Member areas and their access rules: GET /api/sites/:siteId/member-areas (the areas and the PAYWALL products a
// paid area can ask for) and PUT .../member-areas/:collectionId (the rule).
import type { MemberAreaRule, MemberAreaView } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export interface PaywallProduct {
  id: string
  title: string
  price: string
  recurring: boolean
}

export interface MemberAreasApi {
  list(siteId: SiteId): Promise<ApiResult<{ areas: MemberAreaView[]; products: PaywallProduct[] }>>
  setRule(siteId: SiteId, collectionId: string, rule: MemberAreaRule): Promise<ApiResult<{ area: MemberAreaView }>>
}

export function createMemberAreasApi(client: ApiClient = createApiClient()): MemberAreasApi {
  const base = (s: SiteId) => `/api/sites/${encodeURIComponent(s)}/member-areas`
  return {
    list: (s) => client.get(base(s)),
    setRule: (s, id, rule) => client.put(`${base(s)}/${encodeURIComponent(id)}`, rule),
  }
}
