// Custom domains (/api/sites/:siteId/domains): connect an own hostname, check its DNS record, make it primary, remove.
import type { CustomDomain, DomainsAnswer } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export type { CustomDomain, DomainsAnswer } from '@sitewright/contracts'

export interface DomainsApi {
  list(siteId: SiteId): Promise<ApiResult<DomainsAnswer>>
  add(siteId: SiteId, hostname: string): Promise<ApiResult<CustomDomain>>
  verify(siteId: SiteId, domainId: string): Promise<ApiResult<CustomDomain>>
  primary(siteId: SiteId, domainId: string): Promise<ApiResult<DomainsAnswer>>
  remove(siteId: SiteId, domainId: string): Promise<ApiResult<unknown>>
}

export function createDomainsApi(client: ApiClient = createApiClient()): DomainsApi {
  const base = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/domains`
  const one = (siteId: SiteId, id: string) => `${base(siteId)}/${encodeURIComponent(id)}`
  return {
    list: (siteId) => client.get(base(siteId)),
    add: (siteId, hostname) => client.post(base(siteId), { hostname }),
    verify: (siteId, id) => client.post(`${one(siteId, id)}/verify`),
    primary: (siteId, id) => client.post(`${one(siteId, id)}/primary`),
    remove: (siteId, id) => client.del(one(siteId, id)),
  }
}
