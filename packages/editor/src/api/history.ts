// The site's history (issue 36): GET /api/sites/:siteId/versions (?object={kind}:{id}, person, kind, cursor),
// GET .../versions/:versionId, POST .../versions/:versionId/restore and POST /api/sites/:siteId/restore {at}.
import type { HistoryKind, SiteRestoreAnswer, VersionAnswer, VersionListAnswer, VersionRestoreAnswer } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { SiteId } from './types.js'

export type { HistoryChange, HistoryKind, HistoryPerson, HistoryReason, VersionAnswer, VersionSummary } from '@sitewright/contracts'
export { HISTORY_KINDS } from '@sitewright/contracts'

export interface VersionFilter {
  /** `{kind}:{id}`: one object's versions; omitted: the whole site's changes. */
  object?: string
  person?: string
  kind?: HistoryKind
  cursor?: string
  limit?: number
}

export interface HistoryApi {
  list(siteId: SiteId, filter?: VersionFilter): Promise<ApiResult<VersionListAnswer>>
  get(siteId: SiteId, versionId: string): Promise<ApiResult<VersionAnswer>>
  restore(siteId: SiteId, versionId: string): Promise<ApiResult<VersionRestoreAnswer>>
  restoreSite(siteId: SiteId, at: string): Promise<ApiResult<SiteRestoreAnswer>>
}

const enc = encodeURIComponent

export function createHistoryApi(client: ApiClient = createApiClient()): HistoryApi {
  const base = (siteId: SiteId) => `/api/sites/${enc(siteId)}`
  return {
    list(siteId, f = {}) {
      const q = new URLSearchParams()
      for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') q.set(k, String(v))
      const qs = q.toString()
      return client.get(`${base(siteId)}/versions${qs ? `?${qs}` : ''}`)
    },
    get: (siteId, id) => client.get(`${base(siteId)}/versions/${enc(id)}`),
    restore: (siteId, id) => client.post(`${base(siteId)}/versions/${enc(id)}/restore`),
    restoreSite: (siteId, at) => client.post(`${base(siteId)}/restore`, { at }),
  }
}
