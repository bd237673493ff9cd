// Platform enumerations the content predicates test against (names as used in predicate names).

/** Record types of collection items. */
export const RECORD_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  review: 10,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
}

/** Background sources of pages and index sections. */
export const BACKGROUND_SOURCES: Readonly<Record<string, number>> = { upload: 1, instagram: 2, video: 3, none: 4 }

/** Folder behaviours of collections. */
export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3 } as const

/** Collection types the predicates name. */
export const CollectionType = { TEMPLATE_PAGE: 7, PAGE: 10 } as const

/** Promoted block types of items. */
export const PROMOTED_BLOCK_TYPES = [
  'code',
  'embed',
  'form',
  'foursquare',
  'image',
  'instagram',
  'link',
  'map',
  'quote',
  'twitter',
  'video',
] as const

/** Slice types (cover-page slices), the codes `currentType` holds. */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  twitter: 19,
}

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
