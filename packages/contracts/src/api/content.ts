// The content owner API (/api/sites/:siteId/content/...): collections (pages) and their items.
import type { ContentStatus } from '../content.js'
import type { ContextItem } from './page.js'
import type { SocialService } from '../providers.js'

/** Navigation sections: `_hidden` pages are reachable but listed nowhere; `_memberareas` hold member areas. */
export const NAVIGATIONS = ['main', 'footer', '_hidden', '_memberareas'] as const
/** The urlId of a starter site's read-me page (in `_hidden`: reachable, never in the navigation). */
export const README_PAGE_URL_ID = 'readme'
export type Navigation = (typeof NAVIGATIONS)[number]
export const COLLECTION_TYPE_NAMES = ['page', 'blog', 'events', 'gallery', 'products', 'folder', 'index', 'splash-page'] as const
export type CollectionTypeName = (typeof COLLECTION_TYPE_NAMES)[number]
export const LOCKS = ['none', 'password', 'members'] as const
export type LockKind = (typeof LOCKS)[number]

/** A collection as the owner API answers it (`{ collection }`, `{ collections }`); the fields the editor reads. */
export interface Collection {
  id: string
  parentId: string | null
  type: number
  typeName: CollectionTypeName | string
  title: string
  navigationTitle: string
  urlId: string
  fullUrl: string
  navigation: Navigation
  ordering: number
  folder: boolean
  homepage: boolean
  layout: unknown
  lock: LockKind
  passwordSet: boolean
  seoTitle: string
  seoDescription: string
  seoHidden: boolean
  status: ContentStatus
  publishOn: number | null
  updatedOn: number
  galleryOptions?: unknown
}

/** An item of a collection as the owner API answers it; the fields the editor reads. */
export interface Item extends Pick<ContextItem, 'id' | 'collectionId' | 'recordType' | 'title' | 'urlId' | 'fullUrl' | 'tags' | 'categories' | 'updatedOn'> {
  status: ContentStatus
  /** Null: not scheduled. */
  publishOn: number | null
  layout: unknown
  /** Search and sharing of the item's page ('' / null: its title, excerpt and main image). */
  seoTitle?: string
  seoDescription?: string
  socialImageId?: string | null
}

/** PATCH collections/:id: any of these (the server accepts these and more). */
export type CollectionPatch = Partial<{
  title: string
  navigationTitle: string
  urlId: string
  parentId: string | null
  navigation: Navigation
  lock: LockKind
  password: string | null
  seoTitle: string
  seoDescription: string
  seoHidden: boolean
  status: ContentStatus
  publishOn: number
}>

/** PATCH items/:id. */
export type ItemPatch = Partial<Pick<Item, 'title' | 'urlId' | 'status' | 'tags' | 'categories' | 'seoTitle' | 'seoDescription' | 'socialImageId'> & { publishOn: number }>

/** Connected-account link entries (site profile `connectedLinks`): the navigation's link to an outside service the
 * site's account is connected to. Providers, the name the editor shows for each, and the title each entry takes
 * when the owner gives none. */
export const CONNECTED_LINK_PROVIDERS = { 'online-ordering': { label: 'Online food ordering', defaultTitle: 'Order Now' } } as const
export type ConnectedLinkProvider = keyof typeof CONNECTED_LINK_PROVIDERS
export interface ConnectedLink {
  provider: ConnectedLinkProvider
  url: string
  /** Empty: the provider's default title. */
  title: string
}
/** Where the editor keeps the connected-account links (section, then tab); starter read-me pages point there. */
export const CONNECTED_ACCOUNTS_SCREEN = { section: 'Settings', tab: 'Connected accounts' } as const
/** At most this many connected-account link entries per site. */
export const CONNECTED_LINKS_MAX = 5
/** Longest title of a connected-account link entry. */
export const CONNECTED_LINK_TITLE_MAX = 100

/** A social follow account of the site profile (as stored: any service name an older save kept). */
export interface SiteSocialAccount {
  serviceName: string
  userName: string
  profileUrl: string
}

/** GET/PATCH content/profile answer `{ profile }`: the site-wide content. Each connected link's title is the one
 * visitors see (the owner's, else its provider's default). */
export interface SiteProfile {
  siteDescription: string
  tagLine: string
  logoImageId: string | null
  socialAccounts: SiteSocialAccount[]
  connectedLinks: ConnectedLink[]
}
/** PATCH content/profile: any subset; a list (`socialAccounts`, `connectedLinks`) replaces the whole list; a
 * connected link's empty or missing title is its provider's default. */
export type SiteProfilePatch = Partial<
  Pick<SiteProfile, 'siteDescription' | 'tagLine' | 'logoImageId'> & {
    socialAccounts: (SiteSocialAccount & { serviceName: SocialService })[]
    connectedLinks: (Omit<ConnectedLink, 'title'> & { title?: string })[]
  }
>
