// The platform's enumerations (SPEC.md section 3 "Enumerations" and "Other"), defined once for the server, the theme
// engine, the editor and the storefront. The ids SPEC.md prints are kept exactly; where it only gives a range ("up to
// 24", "up to lesson 62", "about 60") the ids it does not print carry Sitewright's names, never reused for anything else.

/** Every block type id (about 60). SPEC.md prints navigation 1 ... accordion 69; `text` 1001 is Sitewright's own (rich
 * text written in the editor) and sits outside the block variant ids. */
export const ALL_BLOCK_TYPES = {
  navigation: 1, html: 2, logo: 3, map: 4, image: 5, twitter: 6, journal: 7, gallery: 8, form: 9, foursquare: 10,
  instagram: 11, flickr: 12, 'link-list': 13, rss: 14, calendar: 15, comments: 16, folder: 17, menu: 18, soundcloud: 19,
  summary: 20, spacer: 21, embed: 22, code: 23, archive: 24, 'tag-cloud': 25, amazon: 26, pinterest: 27, opentable: 28,
  line: 29, 'social-share': 30, quote: 31, video: 32, search: 33, album: 34, 'content-link': 35, bandsintown: 36,
  'event-list': 37, 'reservation-booking': 38, 'image-v2': 39, countdown: 40, audio: 41, 'video-v2': 42, product: 43,
  markdown: 44, 'instagram-v2': 45, 'twitter-v2': 46, divider: 47, shape: 48, 'scrolling-text': 49, 'post-list': 50,
  newsletter: 51, donation: 52, button: 53, 'social-links': 54, 'summary-v2': 55, scheduling: 56, 'gift-card': 57,
  marquee: 58, 'course-list': 59, 'video-list': 60, 'digital-product': 61, zola: 62, tock: 63, 'event-calendar': 64,
  'product-list': 65, 'member-sign-in': 66, 'member-area': 67, 'donation-v2': 68, accordion: 69, chart: 70,
  text: 1001,
} as const
export type AnyBlockTypeName = keyof typeof ALL_BLOCK_TYPES

/** The block types Sitewright builds (editor, server validation, theme partial); the others are known but unavailable. */
const BUILT_BLOCKS = [
  'navigation', 'html', 'logo', 'map', 'image', 'gallery', 'form', 'comments', 'folder', 'menu', 'summary', 'spacer',
  'embed', 'code', 'quote', 'video', 'search', 'album', 'audio', 'product', 'markdown', 'newsletter', 'donation', 'button',
  'social-links', 'member-area', 'accordion', 'chart', 'text',
] as const
type BuiltBlock = (typeof BUILT_BLOCKS)[number]

/** Block type ids of the blocks Sitewright builds, and the type names the theme dispatches on. */
export const BLOCK_TYPES = Object.fromEntries(BUILT_BLOCKS.map((n) => [n, ALL_BLOCK_TYPES[n]])) as {
  readonly [K in BuiltBlock]: (typeof ALL_BLOCK_TYPES)[K]
}
export type BlockTypeName = BuiltBlock
export const BLOCK_TYPE_NAMES: BlockTypeName[] = [...BUILT_BLOCKS]
export const BLOCK_NAME_OF_TYPE: ReadonlyMap<number, BlockTypeName> = new Map(BLOCK_TYPE_NAMES.map((n) => [BLOCK_TYPES[n], n] as const))
/** Any known block type id (built or not) to its name. */
export const ANY_BLOCK_NAME_OF_TYPE: ReadonlyMap<number, AnyBlockTypeName> = new Map(
  (Object.keys(ALL_BLOCK_TYPES) as AnyBlockTypeName[]).map((n) => [ALL_BLOCK_TYPES[n], n] as const),
)

/** Block variant ids: 1000 and 1002 to 1019 (1001 is the `text` block type above). Data only, on purpose: in the
 * reference a variant id names another rendering of one block type; a Sitewright block has one rendering and its
 * looks are the block's settings, so the ids are printed in every page context (`sitewright.enumerations`) for
 * templates and reserved: no block type ever takes one (enums.test). */
export const BLOCK_VARIANT_IDS: readonly number[] = [1000, ...Array.from({ length: 18 }, (_, i) => 1002 + i)]

/** Collection types 1 to 24 (SPEC.md: generic 1, subscription 2, template-page 7, splash-page 8, page 10, products 13). */
export const COLLECTION_TYPES = {
  GENERIC: 1, SUBSCRIPTION: 2, TWITTER: 3, FOURSQUARE: 4, INSTAGRAM: 5, GALLERY_BLOCK: 6, TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8, FLICKR: 9, PAGE: 10, INDEX: 11, ALBUM: 12, PRODUCTS: 13, EVENTS: 14, GALLERY: 15, BLOG: 16,
  PORTFOLIO: 17, COURSE: 18, VIDEOS: 19, MEMBER_AREA: 20, PODCAST: 21, DIGITAL_PRODUCTS: 22, SCHEDULING: 23, KNOWLEDGE_BASE: 24,
} as const
export const MAX_COLLECTION_TYPE = 24

/** Folder behaviours of a folder collection: index 1, redirect 2 (to its first page), none 3, variation 4. */
export const FOLDER_BEHAVIOR = { INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 } as const

/** Background sources of pages and index sections. */
export const BACKGROUND_SOURCE = { UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const

/** Record types of collection items, up to lesson 62 (predicate names: `undefined` -1, `text` 1, ...). */
export const RECORD_TYPES = {
  undefined: -1, text: 1, image: 2, quote: 4, link: 5, audio: 7, video: 8, review: 10, 'store-item': 11, event: 12,
  gallery: 14, binary: 15, 'css-asset': 16, 'tweak-asset': 17, 'digital-good': 18, attachment: 19,
  'wordpress-export': 20, 'json-export': 21, 'site-search': 30, 'active-time': 31, tweet: 50, checkin: 52, kbarticle: 54,
  'video-item': 55, course: 56, chapter: 57, 'member-area': 58, podcast: 59, episode: 60, 'digital-download': 61, lesson: 62,
} as const
export type RecordTypeName = keyof typeof RECORD_TYPES
export const MAX_RECORD_TYPE = 62

/** Slice types of cover pages, the codes `currentType` holds (heading 1 ... twitter 19). */
export const SLICE_TYPES = {
  heading: 1, 'sub-heading': 2, body: 3, image: 4, gallery: 5, video: 6, 'social-icons': 7, buttons: 8, navigation: 9,
  'custom-form': 10, newsletter: 11, album: 12, map: 13, lock: 14, password: 15, logo: 16, action: 17,
  'popup-overlay-action': 18, twitter: 19,
} as const
/** Slices the editor also offers (SPEC.md's list), beside the numbered ones. Data only: they are the pieces of the
 * reference's cover-page builder; Sitewright's full-screen pages (SLIDE_TYPES: cover page, lock screen, pop-up) are
 * made by their settings, not slice by slice, and templates test a slide's slices by number (`current-type?`). */
export const EDITOR_SLICE_TYPES = [
  'sub-heading', 'social-icons', 'buttons', 'navigation', 'custom-form', 'newsletter', 'album', 'map', 'lock', 'password',
  'twitter', 'logo', 'action', 'popup-overlay-action', 'temp-lock-inject',
] as const

/** Slide types: which full-screen page a slide renders. */
export const SLIDE_TYPES = { COVER_PAGE: 1, LOCK_SCREEN: 2, POPUP_OVERLAY: 3 } as const

/** Media types of gallery items. */
export const GALLERY_MEDIA_TYPES = ['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video'] as const
export type GalleryMediaType = (typeof GALLERY_MEDIA_TYPES)[number]

/** Content generator types (how a generated placeholder image is made). Data only: an empty image or gallery block
 * here shows a written placeholder ('This gallery has no images yet.'), never a generated image. */
export const CONTENT_GENERATOR_TYPES = { DEFAULT: 0, ICON: 1 } as const

/** The positions of a 3x3 grid (row-major, top-left first). Data only: nothing here is placed on a 3x3 grid (an
 * image's focal point is an x/y pair, gallery captions have their own meta positions in gallery.ts). */
export const POSITIONS = [
  'top-left', 'top-center', 'top-right', 'center-left', 'center', 'center-right', 'bottom-left', 'bottom-center', 'bottom-right',
] as const
export type Position = (typeof POSITIONS)[number]

/** Survey cohorts. Data only: the reference splits owners into cohorts A to E for its in-product surveys;
 * Sitewright runs no surveys. */
export const SURVEY_COHORTS = ['A', 'B', 'C', 'D', 'E'] as const

/** Promoted block types of items. */
export const PROMOTED_BLOCK_TYPES = ['map', 'embed', 'image', 'code', 'quote', 'twitter', 'link', 'video', 'foursquare', 'instagram', 'form'] as const
export type PromotedBlockType = (typeof PROMOTED_BLOCK_TYPES)[number]

// Product types live in their own module (the storefront bundles it alone).
export { BILLING_UNITS, PERIODS_PER_YEAR, PRODUCT_TYPES, type BillingUnit, type ProductType } from './product-types.js'

/** The browser storage key under which actions started before sign-in wait (SPEC.md: name not shown; this is ours).
 * The storefront's like button keeps a like here (kind, target, payload with the page path, creation time; 15
 * minutes, at most 3) when the site answers 401 (a member sign-in first), sends the visitor to /account/sign-in
 * with the page as return, and on that page, signed in, sends it once, removes it and says so
 * (storefront content/stored-actions.ts). No site answers a like with 401 yet: the server's "members only" gate of
 * likes is still to come; comments, restock sign-ups, joining a membership and checkout all work signed out. */
export const STORED_ACTIONS_KEY = 'sitewright:stored-actions'

/** Fluid engine breakpoints: mobile up to 432 px, desktop from 433 px. A tablet width is never a breakpoint of its own
 * (a tablet-sized window gets the desktop layout); the theme's CSS uses exactly these two media queries. */
export const BREAKPOINTS = { mobile: { maxWidth: 432 }, desktop: { minWidth: 433 } } as const
export type Breakpoint = keyof typeof BREAKPOINTS
export const breakpointOf = (width: number): Breakpoint => (width <= BREAKPOINTS.mobile.maxWidth ? 'mobile' : 'desktop')
