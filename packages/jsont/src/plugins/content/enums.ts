// Platform enumerations the content predicates test against (names as used in predicate names).

import {
  BACKGROUND_SOURCE,
  COLLECTION_TYPES,
  FOLDER_BEHAVIOR,
  PROMOTED_BLOCK_TYPES as PROMOTED,
  RECORD_TYPES as RECORDS,
  SLICE_TYPES as SLICES,
} from '@sitewright/contracts/enums'

/** Record types of collection items (packages/contracts), by predicate name. */
export const RECORD_TYPES: Readonly<Record<string, number>> = RECORDS

/** Background sources of pages and index sections, by lower-case name. */
export const BACKGROUND_SOURCES: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(BACKGROUND_SOURCE).map(([k, v]) => [k.toLowerCase(), v]),
)

/** Folder behaviours of collections. */
export const FolderBehavior = FOLDER_BEHAVIOR

/** Collection types the predicates name. */
export const CollectionType = COLLECTION_TYPES

/** Promoted block types of items. */
export const PROMOTED_BLOCK_TYPES = PROMOTED

/** Slice types (cover-page slices), the codes `currentType` holds. */
export const SLICE_TYPES: Readonly<Record<string, number>> = SLICES

/** Gallery designs, meta positions and active alignments. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const
export const GALLERY_ALIGNMENTS = ['center', 'left', 'right'] as const

/** Boolean gallery options with a `gallery-<option>?` predicate. */
export const GALLERY_BOOLEAN_OPTIONS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'show-meta',
  'show-meta-on-hover',
  'square-thumbs',
  'thumbnails',
] as const
