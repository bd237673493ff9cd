// The owner API calls the editor makes, typed after the contract.
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { LoginInput, Me, SignupInput, SiteId, SiteSummary, User, WebsiteSettings } from './types.js'

export interface OwnerApi {
  me(): Promise<ApiResult<Me>>
  login(input: LoginInput): Promise<ApiResult<Me>>
  signup(input: SignupInput): Promise<ApiResult<{ user: User; site: SiteSummary }>>
  logout(): Promise<ApiResult<void>>
  getSettings(siteId: SiteId): Promise<ApiResult<{ settings: WebsiteSettings }>>
  updateSettings(
    siteId: SiteId,
    patch: Partial<WebsiteSettings>,
  ): Promise<ApiResult<{ settings: WebsiteSettings }>>
}

const sitePath = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/settings`

export function createOwnerApi(client: ApiClient = createApiClient()): OwnerApi {
  return {
    me: () => client.get('/api/auth/me'),
    login: (input) => client.post('/api/auth/login', input),
    signup: (input) => client.post('/api/auth/signup', input),
    logout: () => client.post('/api/auth/logout'),
    getSettings: (siteId) => client.get(sitePath(siteId)),
    updateSettings: (siteId, patch) => client.patch(sitePath(siteId), patch),
  }
}
