// Enumerations of the specification used by the content model (numeric ids are the spec's).

export const COLLECTION_TYPES = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  PRODUCTS: 13,
} as const
/** Collection types go up to 24 in the specification; the named ones are above. */
export const MAX_COLLECTION_TYPE = 24

/** What a collection is, as the theme sees it (`collection.typeName`). */
export const TYPE_NAMES = ['page', 'splash-page', 'blog', 'events', 'gallery', 'products', 'index', 'folder'] as const
export type TypeName = (typeof TYPE_NAMES)[number]

/** The collection type each type name is stored with. */
export const TYPE_OF_NAME: Record<TypeName, number> = {
  page: COLLECTION_TYPES.PAGE,
  'splash-page': COLLECTION_TYPES.SPLASH_PAGE,
  blog: COLLECTION_TYPES.GENERIC,
  events: COLLECTION_TYPES.GENERIC,
  gallery: COLLECTION_TYPES.GENERIC,
  products: COLLECTION_TYPES.PRODUCTS,
  index: COLLECTION_TYPES.GENERIC,
  folder: COLLECTION_TYPES.GENERIC,
}

export const FOLDER_BEHAVIOR = { INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 } as const
export const BACKGROUND_SOURCE = { UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const

// Navigation sections and page locks are shared with the editor (packages/contracts).
export { LOCKS, NAVIGATIONS, type LockKind, type Navigation } from '@sitewright/contracts'

// Page types are shared with the theme and the editor (packages/contracts).
export { PAGE_TYPES } from '@sitewright/contracts'

export const RECORD_TYPES = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  REVIEW: 10,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
  DIGITAL_GOOD: 18,
} as const
/** Record types go up to lesson 62. */
export const MAX_RECORD_TYPE = 62

// Block type ids and content statuses are shared with the editor (packages/contracts).
export { BLOCK_NAME_OF_TYPE, BLOCK_TYPE_NAMES, BLOCK_TYPES, CONTENT_STATUSES, STATUS_LABELS, type BlockTypeName, type ContentStatus } from '@sitewright/contracts'

export const COMMENT_STATE = { OPEN: 1, CLOSED: 2 } as const
export const VIEWS = ['list', 'grid', 'product'] as const
export const PAST_OR_UPCOMING = ['past', 'upcoming', 'both'] as const

export const LIMITS = {
  /** Items in an orderable collection (galleries, products). */
  orderableItems: 250,
  tag: 50,
  category: 25,
  galleryBlocksPerLayout: 60,
  /** Distinct categories of one collection. */
  nestedCategories: 10_000,
  title: 200,
  slug: 200,
  html: 200_000,
} as const
