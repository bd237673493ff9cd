// Gallery designs and options with their defaults and ranges, shared by the server, the editor and the theme.

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number]
export const ASPECT_RATIOS = ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '2.40'] as const
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const
export const ALIGNMENTS = ['center', 'left', 'right'] as const
export const LIGHTBOX_THEMES = ['dark', 'light'] as const
/** The slider's aspect ratio may also be a number: its height in percent of its width (a slider's default is 50). */
export const SLIDER_ASPECT_RATIO = { default: 50, min: 10, max: 200 } as const

export interface GalleryOptions {
  design: GalleryDesign
  autoplay: boolean
  'autoplay-duration': number
  controls: boolean
  'auto-crop': boolean
  /** A ratio; for the slider design also a height in percent of the width (default 50). */
  'aspect-ratio': (typeof ASPECT_RATIOS)[number] | number
  'square-thumbs': boolean
  thumbnails: boolean
  'thumbnail-strip-height': number
  'thumbnail-strip-margin': number
  'show-meta': boolean
  'show-meta-basic': boolean
  'show-meta-only-title': boolean
  'meta-position': (typeof META_POSITIONS)[number]
  'show-meta-on-hover': boolean
  'active-alignment': (typeof ALIGNMENTS)[number]
  'thumbnails-per-row': number
  padding: number
  lightbox: boolean
  lightboxTheme: (typeof LIGHTBOX_THEMES)[number]
  'max-width': number
  newWindow: boolean
  transparentBackground: boolean
}

export const GALLERY_DEFAULTS: Readonly<GalleryOptions> = Object.freeze({
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: true,
  'auto-crop': true,
  'aspect-ratio': '1:1',
  'square-thumbs': false,
  thumbnails: true,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta': false,
  'show-meta-basic': false,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: true,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
})

/** Numeric options and their inclusive ranges. */
export const GALLERY_RANGES = {
  'autoplay-duration': [1, 10],
  'thumbnail-strip-height': [0, 200],
  'thumbnail-strip-margin': [0, 60],
  'thumbnails-per-row': [1, 10],
  padding: [0, 50],
  'max-width': [100, 300],
} as const

const BOOLEAN_OPTIONS = new Set<string>(
  (Object.keys(GALLERY_DEFAULTS) as (keyof GalleryOptions)[]).filter((k) => typeof GALLERY_DEFAULTS[k] === 'boolean'),
)
const CHOICES: Record<string, readonly unknown[]> = {
  design: GALLERY_DESIGNS,
  'meta-position': META_POSITIONS,
  'active-alignment': ALIGNMENTS,
  lightboxTheme: LIGHTBOX_THEMES,
}
const inRange = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max

/** Whether one option, on its own, holds a value the owner could have set (the server's input rule, key by key). */
export function isGalleryOptionValue(key: string, value: unknown): boolean {
  if (BOOLEAN_OPTIONS.has(key)) return typeof value === 'boolean'
  if (Object.prototype.hasOwnProperty.call(CHOICES, key)) return CHOICES[key]!.includes(value)
  if (Object.prototype.hasOwnProperty.call(GALLERY_RANGES, key)) {
    const [min, max] = GALLERY_RANGES[key as keyof typeof GALLERY_RANGES]
    return inRange(value, min, max)
  }
  if (key === 'aspect-ratio') return (ASPECT_RATIOS as readonly unknown[]).includes(value) || inRange(value, SLIDER_ASPECT_RATIO.min, SLIDER_ASPECT_RATIO.max)
  return false
}

// Connected accounts (SPEC.md "Limits: ... 20 image-gallery connected accounts with size 50"): a gallery block may
// show the images of photo accounts instead of uploaded ones. Each account is read from its public photo feed (JSON
// Feed, RSS or Atom with image enclosures, or a Flickr public feed), fetched and cached by the server.

/** What a gallery block shows: its uploaded images (default) or the images of its connected accounts. */
export const GALLERY_SOURCES = ['images', 'accounts'] as const
export type GallerySource = (typeof GALLERY_SOURCES)[number]
/** Connected accounts of one gallery block, at most. */
export const GALLERY_MAX_ACCOUNTS = 20
/** Images shown per connected account, at most (the newest of its feed). */
export const GALLERY_ACCOUNT_SIZE = 50
export const GALLERY_ACCOUNTS_FULL_MESSAGE = `A gallery connects at most ${GALLERY_MAX_ACCOUNTS} accounts.`
/** The photo services an account may come from, by their external-service provider ids (providers.ts); `rss` for
 * any other public photo feed. */
export const GALLERY_ACCOUNT_PROVIDERS = { flickr: 4, tumblr: 5, smugmug: 17, '500px': 18, rss: 19 } as const
export type GalleryAccountProvider = keyof typeof GALLERY_ACCOUNT_PROVIDERS

/** One connected account of a gallery block, as the editor saves it. */
export interface GalleryAccount {
  provider: GalleryAccountProvider
  /** The account's public photo feed (http or https). */
  feedUrl: string
  /** The name shown for the account (e.g. '@harbourkitchen on Flickr'). */
  title?: string
}
