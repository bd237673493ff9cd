// The published-page template context (themes/default/CONTEXT.md) and what publishing needs from other domains.

import type { ContextItem, Currency, GalleryMediaType, SiteLocale } from '@sitewright/contracts'
import type { FastifyRequest } from 'fastify'

export type Json = Record<string, unknown>

// The template context's types are the source of its contract: `context-shape.ts` (the runtime check the integration
// tests apply to real contexts) and the prose of themes/default/CONTEXT.md must name the same fields, which
// `context-contract.test.ts` checks.

/** Image (asset). */
export interface ImageContext {
  id: string
  assetUrl: string
  originalSize?: string
  mediaFocalPoint: { x: number; y: number }
  colorData?: object
  altText: string
  title: string
  body: string
  filename: string
  systemDataVariants: string
  oembed?: Json
  mimeType?: string
}

export interface NavLink {
  title: string
  fullUrl: string
  active: boolean
  folder: boolean
  items?: NavLink[]
}

/** A comment of the thread the social domain answers (publishing makes a CommentContext of it). */
export interface CommentThreadNode extends Omit<CommentContext, 'parentId' | 'replies'> {
  parentId: string | null
  replies: CommentThreadNode[]
}

export interface CommentContext {
  id: string
  authorName: string
  body: string
  createdOn: number
  likeCount: number
  /** The comment this one replies to (absent on a top-level comment: the context has no nulls). */
  parentId?: string
  /** 1 top-level, 2 a reply, 3 a reply to a reply (deeper replies are shown at 3, naming `replyToName`). */
  depth: number
  replies: CommentContext[]
  replyToName?: string
}

/** A page or collection (`collection`, folder children). */
export interface CollectionContext {
  id: string
  websiteId: string
  type: number
  typeName: string
  title: string
  navigationTitle: string
  urlId: string
  fullUrl: string
  description: string
  folder: boolean
  folderBehavior: number
  collections?: CollectionContext[]
  tags: string[]
  categories: string[]
  itemCount: number
  backgroundSource: number
  mainImage?: ImageContext
  calendarView: boolean
  showPastOrUpcomingEvents?: string
  view?: string
  galleryDesign?: string
  galleryOptions?: Json
  typeLabel?: string
  homepage: boolean
  passwordProtected: boolean
  membersOnly: boolean
  seoHidden: boolean
}

/** An item (post, event, product, gallery image: gallery images also carry the Image fields). */
export interface ItemContext extends ContextItem {
  author?: { displayName: string }
  mainImage?: ImageContext
  systemDataId?: string
  externalLink?: string
  sourceUrl?: string
  promotedBlockType?: string
  startDate?: number
  endDate?: number
  location?: Json
  items?: ItemContext[]
  structuredContent?: Json
  oembed?: Json
  layout?: Json
  originalSize?: string
  mediaFocalPoint?: { x: number; y: number }
  systemDataVariants?: string
  altText?: string
  filename?: string
  colorData?: object
  /** Gallery block images: the owner's link for the image (instead of the lightbox). */
  clickthroughUrl?: string
  /** Gallery images: where the image comes from (imageFile, imageEmpty, imageReused, assetReused, video, ...). */
  mediaType?: GalleryMediaType
}

/** A block of a layout, its value already resolved. */
export interface BlockContext {
  id: string
  type: number
  typeName: string
  value: Json
}

export interface PageContext {
  pageType: number
  template: string
  page: { title: string; description: string; canonicalUrl: string; path: string; ogType: string; ogImage?: string; robots?: string }
  website: {
    id: string
    identifier: string
    siteTitle: string
    siteDescription: string
    siteTagLine?: string
    baseUrl: string
    language: string
    timeZone: string
    logoImageUrl?: string
    socialAccounts: { serviceId: number; serviceName: string; userName: string; profileUrl: string }[]
    useCLDRMoneyFormat: boolean
    /** The site has member areas: the header links to the member account ('Sign in' / 'Account'). */
    memberAccounts?: boolean
    /** The feature flag ids the site's plan has now (packages/contracts plans.ts), e.g. 6 COMMERCE. */
    featureFlags?: number[]
  }
  websiteSettings: {
    commentsEnabled: boolean
    disqusShortname: string
    simpleLikingEnabled: boolean
    timeZone: string
    useCLDRMoneyFormat: boolean
    currency: string
    /** The store currency as SPEC.md's Currency record: code, name, fractionDigits, numericCode. */
    storeCurrency: Currency
    locale: string
    storeSettings: Json & { currency: string; multipleQuantityAllowedForServices: boolean }
  }
  navigation: { main: NavLink[]; footer: NavLink[] }
  collection?: Json
  item?: Json
  items?: Json[]
  pagination?: Json
  layout?: { sections: { id: string; blocks: Json[]; style?: SectionContext }[] }
  events?: { upcoming: Json[]; past: Json[]; calendar?: Json[] }
  search?: { query: string; total: number; results: Json[] }
  comments?: CommentContext[]
  lock?: { message: string; passwordRequired: boolean; error?: string; slideType: number; paywall?: PaywallOffer }
  popupOverlay?: Json
  /** The signed-in site member. */
  authenticatedAccount?: Json
  /** Store pages only; never on cached pages. */
  shoppingCart?: Json
  filter?: { tag?: string; category?: string }
  requestPath: string
  localization: LocalizationContext
  sitewright: { storefrontScript: string; themeCss: string; year: number; crumb?: string; enumerations: Enumerations }
  /** The site's saved styles as the theme's CSS custom properties (absent: the theme's CSS as shipped). */
  styles?: { cssVariables: { name: string; value: string }[]; css: string; fonts?: { css: string; preloads: { href: string }[] } }
  /** Restock and scarcity views of a product page, by product id. */
  productMerchandisingContext?: Json
  /** Order pages. */
  order?: Json
  /** The checkout page. */
  checkout?: Json
  [key: string]: unknown
}

/** The platform enumerations that are data only (no template or editor behaviour), as `sitewright.enumerations`. */
export interface Enumerations {
  slideTypes: Record<string, number>
  galleryMediaTypes: readonly string[]
  contentGeneratorTypes: Record<string, number>
  positions: readonly string[]
  surveyCohorts: readonly string[]
  blockVariantIds: readonly number[]
  storedActionsKey: string
}

/** A product as the commerce domain gives it (an Item with recordType 11 and structuredContent). */
export interface ProductItem {
  readonly id: string
}

/** What publishing uses from other domains; each part is optional (absent: that content renders empty). */
export interface PublishingDeps {
  /** Image assets (files domain) in the context's Image shape, by id. */
  images?: (siteId: string, ids: readonly string[]) => Promise<ReadonlyMap<string, ImageContext>>
  /** Comments and likes (social domain). */
  social?: {
    counts(siteId: string, itemIds: readonly string[]): Promise<ReadonlyMap<string, { publicCommentCount: number; likeCount: number }>>
    /** The approved thread (replies nested); parentId is null on a top-level comment here. */
    approvedComments(siteId: string, itemId: string): Promise<CommentThreadNode[]>
  }
  /** Products of products collections (commerce domain). */
  products?: {
    listProducts(siteId: string, collectionId: string, o: { page: number; pageSize: number; collectionUrl?: string }): Promise<{ items: ProductItem[]; total: number }>
    getProductBySlug(siteId: string, collectionId: string, urlId: string, o?: { collectionUrl?: string }): Promise<ProductItem | undefined>
    getProductsByIds?(siteId: string, ids: readonly string[]): Promise<ProductItem[]>
    /** The site search's products: published products of these collections matching `query`, best first, at most `limit`. */
    searchProducts?(siteId: string, query: string, collectionIds: readonly string[], limit: number): Promise<{ hits: { item: ProductItem; rank: number }[]; total: number }>
    storeSettings?(siteId: string): Promise<object>
  }
  /** productMerchandisingContext of a product page (restock forms, scarcity), or null: none. */
  merchandising?: (siteId: string, product: Json) => Promise<Record<string, unknown> | null>
  /** Forms for form/newsletter blocks (forms domain), public shape by id. */
  forms?: (siteId: string, formIds: readonly string[]) => Promise<ReadonlyMap<string, unknown>>
  /** The signed-in site member of a request (members issue); absent: nobody is signed in. */
  member?: (siteId: string, request: FastifyRequest) => Promise<MemberVisitor | null>
  /** The membership a paid member area offers (members and commerce), or null when the area is not paid. */
  paywall?: (siteId: string, collectionId: string) => Promise<PaywallOffer | null>
  /** True when the request carries a member session cookie: its pages are personal (never from or into the cache). */
  memberCookie?: (cookies: Record<string, string | undefined>) => boolean
  /** The colour custom properties of each of the site's colour themes (section backgrounds), by theme id. */
  colorThemes?: (siteId: string, draft?: boolean) => Promise<ReadonlyMap<string, { name: string; value: string }[]>>
  /** The feature flag ids of the site's plan (billing domain). */
  featureFlags?: (siteId: string) => Promise<number[]>
  /**
   * The site's saved styles (sites domain), values already safe inside a <style> element; null: none saved.
   * `draft`: the owner's preview, with the styles' unpublished draft.
   */
  styles?: (siteId: string, draft?: boolean) => Promise<{ cssVariables: { name: string; value: string }[]; css: string; fonts?: { css: string; preloads: { href: string }[] } } | null>
  /** The site's locales and translations (languages domain); absent: every page in the default locale. */
  languages?: {
    /** The default first (prefix ''), then the added ones. */
    locales(siteId: string): Promise<SiteLocale[]>
    /** `locale`'s page fields (null: the default's, none) and every added locale's translated slugs. */
    translations(
      siteId: string,
      locale: string | null,
      added: readonly string[],
    ): Promise<{ pages: ReadonlyMap<string, Record<string, string>>; slugs: ReadonlyMap<string, ReadonlyMap<string, string>>; objects: ReadonlyMap<string, ReadonlyMap<string, Record<string, string>>> }>
  }
}

/** A locale of the page context (`localization.locales`): the same page in that locale. */
export interface LocaleLink {
  locale: string
  prefix: string
  /** The language's name in its own language ('Français'). */
  name: string
  /** The address of this page in that locale (absolute). */
  url: string
  default: boolean
  current: boolean
}

/** The page's language (SPEC's resolved_locale, website_locale) and its versions in the site's other locales. */
export interface LocalizationContext {
  /** The locale this page is in. */
  resolved_locale: string
  /** The site's default locale. */
  website_locale: string
  /** The path prefix of this page's locale ('' for the default). */
  prefix: string
  /** Every locale of the site; empty when the site has one locale only. */
  locales: LocaleLink[]
  /** The default locale's address of this page (hreflang x-default); '' when the site has one locale only. */
  xDefault: string
}

/** A paid member area's offer to a visitor without access: the membership (PAYWALL product) and its price. */
export interface PaywallOffer {
  productId: string
  sku: string
  title: string
  /** The price as text ('$12.00'). */
  price: string
  /** 'every month' for a recurring membership, else null (one payment). */
  every: string | null
  recurring: boolean
}

/** The signed-in site member of a request as members-only pages see them. */
export interface MemberVisitor {
  signedIn: boolean
  isMember: boolean
  /** Whether the member may read that members-only page (its area's access rule); absent: `isMember`. */
  canRead?(collectionId: string): boolean
}

/** Throttling of guesses at page-lock passwords (accounts domain): counts a guess; `succeeded` when it was right. */
export interface LockThrottle {
  attempt(pageId: string, address: string): Promise<{ ok: true; succeeded(): Promise<void> } | { ok: false; retryAfter: number }>
}

/** A section's look as the theme prints it (themes/default/CONTEXT.md "Section style"): safe class names and an
 * inline style of hex colour properties and a background image URL. */
export interface SectionContext {
  background: 'none' | 'theme' | 'image'
  padding: 'S' | 'M' | 'L'
  classes: string
  inline?: string
  image?: ImageContext
}
