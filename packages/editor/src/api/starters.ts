// Starter templates, new sites, site copies and the onboarding checklist (contracts: api/starters.ts).
import type { Onboarding, SiteFromStarter, StarterList, StarterOffer } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'

export interface StartersClient {
  list(): Promise<ApiResult<StarterList>>
  createSite(input: { title: string; slug?: string; starterId: string }): Promise<ApiResult<SiteFromStarter>>
  applyStarter(siteId: string, starterId: string): Promise<ApiResult<SiteFromStarter>>
  /** Whether the chooser is still offered (the site has no pages; the owner declined it). */
  offer(siteId: string): Promise<ApiResult<{ starter: StarterOffer }>>
  /** 'Start from a blank site': stored, so the empty canvas stops offering a starter. */
  decline(siteId: string): Promise<ApiResult<{ starter: StarterOffer }>>
  duplicateSite(siteId: string, input?: { title?: string; slug?: string }): Promise<ApiResult<SiteFromStarter>>
  onboarding(siteId: string): Promise<ApiResult<{ onboarding: Onboarding }>>
  dismissOnboarding(siteId: string): Promise<ApiResult<{ onboarding: Onboarding }>>
  /** Sets the site's logo (an image of the file library) in the site profile. */
  setLogo(siteId: string, imageId: string): Promise<ApiResult<unknown>>
}

const site = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`

export function createStartersApi(client: ApiClient = createApiClient()): StartersClient {
  return {
    list: () => client.get('/api/starters'),
    createSite: (input) => client.post('/api/sites', input),
    applyStarter: (siteId, starterId) => client.post(`${site(siteId)}/starter`, { starterId }),
    offer: (siteId) => client.get(`${site(siteId)}/starter`),
    decline: (siteId) => client.post(`${site(siteId)}/starter/decline`),
    duplicateSite: (siteId, input = {}) => client.post(`${site(siteId)}/duplicate`, input),
    onboarding: (siteId) => client.get(`${site(siteId)}/onboarding`),
    dismissOnboarding: (siteId) => client.post(`${site(siteId)}/onboarding/dismiss`),
    setLogo: (siteId, imageId) => client.patch(`${site(siteId)}/content/profile`, { logoImageId: imageId }),
  }
}
