// Types of the owner API contract (see the server's /api/openapi.json). Only what the editor uses.

export type SiteId = string | number

export interface User {
  id: string | number
  email: string
  name?: string | null
}

export interface SiteSummary {
  id: SiteId
  slug: string
  title: string
  /** Website role id (ADMIN 1, BILLING 2, ...). */
  role: number
  roleName: string
  /** The published site's address. */
  url: string
  /** What the owner's role allows (the server's permission table); absent from older servers: everything. */
  capabilities?: string[]
}

export interface Me {
  user: User
  sites: SiteSummary[]
}

export interface WebsiteSettings {
  title: string
  commentsEnabled: boolean
  disqusShortName: string
  simpleLikingEnabled: boolean
  timeZone: string
  useCLDRMoneyFormat: boolean
  currency: string
  locale: string
  /** The site icon: an image of the site's files; null: the default icon. */
  iconImageId?: string | null
}

export interface SignupInput {
  email: string
  password: string
  name?: string
  siteTitle: string
  slug?: string
}

export interface LoginInput {
  email: string
  password: string
}
