// Enumerations of the specification used by the content model (numeric ids are the spec's).

// Collection types, folder behaviours, background sources and record types are the platform's enumerations
// (packages/contracts), shared with the theme engine and the editor.
import { RECORD_TYPES as RECORDS } from '@sitewright/contracts'
export { BACKGROUND_SOURCE, COLLECTION_TYPES, FOLDER_BEHAVIOR, MAX_COLLECTION_TYPE, MAX_RECORD_TYPE, PROMOTED_BLOCK_TYPES } from '@sitewright/contracts'
import { COLLECTION_TYPES } from '@sitewright/contracts'

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


// Navigation sections and page locks are shared with the editor (packages/contracts).
export { LOCKS, NAVIGATIONS, type LockKind, type Navigation } from '@sitewright/contracts'

// Page types are shared with the theme and the editor (packages/contracts).
export { PAGE_TYPES } from '@sitewright/contracts'

/** The record types the content model names (values from packages/contracts). */
export const RECORD_TYPES = {
  TEXT: RECORDS.text,
  IMAGE: RECORDS.image,
  QUOTE: RECORDS.quote,
  LINK: RECORDS.link,
  AUDIO: RECORDS.audio,
  VIDEO: RECORDS.video,
  REVIEW: RECORDS.review,
  STORE_ITEM: RECORDS['store-item'],
  EVENT: RECORDS.event,
  GALLERY: RECORDS.gallery,
  DIGITAL_GOOD: RECORDS['digital-good'],
} as const
/** Every record type id (undefined -1 excluded): what an item may be stored as. */
export const RECORD_TYPE_IDS: ReadonlySet<number> = new Set(Object.values(RECORDS).filter((v) => v > 0))

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
