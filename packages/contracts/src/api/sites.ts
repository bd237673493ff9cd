// Accounts and site settings: /api/auth/* and /api/sites/:siteId/settings. Ids are strings everywhere.

export interface User {
  id: string
  email: string
  name?: string | null
}

export interface SiteSummary {
  id: string
  slug: string
  title: string
  /** Website role id (ADMIN 1, BILLING 2, ...). */
  role: number
  roleName: string
  /** The published site's address. */
  url: string
  /** What the owner's roles allow on the site (the server's permission table): the editor shows only these. */
  capabilities?: string[]
}

/** GET /api/auth/me and POST /api/auth/login. */
export interface Me {
  user: User
  sites: SiteSummary[]
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

/** GET/PATCH settings: `{ settings }`; PATCH takes any subset. */
export interface WebsiteSettings {
  title: string
  commentsEnabled: boolean
  disqusShortName: string
  simpleLikingEnabled: boolean
  /** Only a signed-in site member may like (others get 401 `sign_in_to_like`; the page keeps the like for after). */
  likesRequireSignIn: boolean
  timeZone: string
  useCLDRMoneyFormat: boolean
  currency: string
  locale: string
  /** The site icon: an image of the site's files; null: the default icon. */
  iconImageId: string | null
}
