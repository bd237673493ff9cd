// Site members on the owner API: list and search, tags, comp access, removal, CSV export, member areas.
import type { MemberAreaRule, MemberAreaView, MemberChangeInput, MemberListView, OwnerMember } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { PaywallProduct } from './memberAreas.js'

export interface MembersApi {
  list(siteId: string, q: { q: string; tag: string; page: number }): Promise<ApiResult<MemberListView>>
  change(
    siteId: string,
    memberId: string,
    patch: MemberChangeInput,
  ): Promise<ApiResult<{ member: OwnerMember }>>
  remove(siteId: string, memberId: string): Promise<ApiResult<unknown>>
  /** The member areas with their rules, and the membership (PAYWALL) products a paid area can ask for. */
  areas(siteId: string): Promise<ApiResult<{ areas: MemberAreaView[]; products: PaywallProduct[] }>>
  setArea(siteId: string, collectionId: string, rule: MemberAreaRule): Promise<ApiResult<{ area: MemberAreaView }>>
  /** The address of the CSV export for the same search. */
  csvUrl(siteId: string, q: { q: string; tag: string }): string
}

export function createMembersApi(client: ApiClient = createApiClient()): MembersApi {
  const base = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`
  const query = (q: Record<string, string | number>) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(q)) if (v !== '' && v !== 1) params.set(k, String(v))
    const text = params.toString()
    return text ? `?${text}` : ''
  }
  return {
    list: (siteId, q) => client.get(`${base(siteId)}/members${query(q)}`),
    change: (siteId, id, patch) => client.patch(`${base(siteId)}/members/${encodeURIComponent(id)}`, patch),
    remove: (siteId, id) => client.del(`${base(siteId)}/members/${encodeURIComponent(id)}`),
    areas: (siteId) => client.get(`${base(siteId)}/member-areas`),
    setArea: (siteId, id, rule) => client.put(`${base(siteId)}/member-areas/${encodeURIComponent(id)}`, rule),
    csvUrl: (siteId, q) => `${base(siteId)}/members/export.csv${query(q)}`,
  }
}
