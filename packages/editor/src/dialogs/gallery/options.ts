// Gallery options (SPEC section 9 defaults and ranges) and which of them apply to the current choices:
// autoplay-duration only with autoplay, thumbnail settings only with thumbnails.

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number]

export const ASPECT_RATIOS = ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '2.40'] as const
/** A slider's aspect ratio: its height in percent of its width (SPEC: slider default 50). */
export const SLIDER_ASPECT = { min: 10, max: 200, default: 50, label: 'Aspect ratio (height, % of width)' } as const
export const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const
export const ALIGNMENTS = ['center', 'left', 'right'] as const
export const LIGHTBOX_THEMES = ['dark', 'light'] as const

export interface GalleryOptions {
  design: GalleryDesign
  autoplay: boolean
  'autoplay-duration': number
  controls: boolean
  'auto-crop': boolean
  /** One of ASPECT_RATIOS ('1:1' is the spec's default 'square'); for a slider a percentage (SLIDER_ASPECT). */
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

export type GalleryOptionKey = keyof GalleryOptions

/** Numeric options: default and inclusive range. */
export const RANGES = {
  'autoplay-duration': { min: 1, max: 10, default: 5, label: 'Autoplay delay (seconds)' },
  'thumbnail-strip-height': { min: 0, max: 200, default: 80, label: 'Thumbnail strip height' },
  'thumbnail-strip-margin': { min: 0, max: 60, default: 20, label: 'Thumbnail strip margin' },
  'thumbnails-per-row': { min: 1, max: 10, default: 4, label: 'Thumbnails per row' },
  padding: { min: 0, max: 50, default: 20, label: 'Padding' },
  'max-width': { min: 100, max: 300, default: 300, label: 'Maximum column width' },
} as const
export type RangedKey = keyof typeof RANGES

export function defaultGalleryOptions(design: GalleryDesign = 'grid'): GalleryOptions {
  return {
    design,
    autoplay: false,
    'autoplay-duration': RANGES['autoplay-duration'].default,
    controls: true,
    'auto-crop': true,
    'aspect-ratio': design === 'slider' ? SLIDER_ASPECT.default : '1:1',
    'square-thumbs': false,
    thumbnails: true,
    'thumbnail-strip-height': RANGES['thumbnail-strip-height'].default,
    'thumbnail-strip-margin': RANGES['thumbnail-strip-margin'].default,
    'show-meta': false,
    'show-meta-basic': false,
    'show-meta-only-title': false,
    'meta-position': 'bottom',
    'show-meta-on-hover': false,
    'active-alignment': 'center',
    'thumbnails-per-row': RANGES['thumbnails-per-row'].default,
    padding: RANGES.padding.default,
    lightbox: true,
    lightboxTheme: 'dark',
    'max-width': RANGES['max-width'].default,
    newWindow: false,
    transparentBackground: false,
  }
}

/** A number inside the option's range (rounded); out-of-range values go to the nearest bound. */
export function clampOption(key: RangedKey, value: unknown): number {
  const r = RANGES[key]
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return r.default
  return Math.min(r.max, Math.max(r.min, Math.round(n)))
}

const DESIGNS_WITH: Partial<Record<GalleryOptionKey, readonly GalleryDesign[]>> = {
  autoplay: ['slideshow', 'slider'],
  controls: ['slideshow', 'slider'],
  'auto-crop': ['slideshow', 'grid'],
  'aspect-ratio': ['grid', 'slider'],
  thumbnails: ['slideshow'],
  'thumbnails-per-row': ['grid'],
  padding: ['grid', 'stacked'],
  'max-width': ['grid'],
  'active-alignment': ['slider'],
  lightbox: ['grid', 'stacked', 'slider'],
  transparentBackground: ['slideshow'],
  'show-meta-on-hover': ['grid'],
}

/** Whether an option applies to these options (and so is shown). */
export function isOptionVisible(key: GalleryOptionKey, o: GalleryOptions): boolean {
  const designs = DESIGNS_WITH[key]
  if (designs && !designs.includes(o.design)) return false
  switch (key) {
    case 'autoplay-duration':
      return o.autoplay && isOptionVisible('autoplay', o)
    case 'thumbnail-strip-height':
    case 'thumbnail-strip-margin':
    case 'square-thumbs':
      return o.thumbnails && isOptionVisible('thumbnails', o)
    case 'lightboxTheme':
      return o.lightbox && isOptionVisible('lightbox', o)
    case 'meta-position':
    case 'show-meta-basic':
    case 'show-meta-only-title':
    case 'show-meta-on-hover':
      return o['show-meta']
    default:
      return true
  }
}

export function visibleOptions(o: GalleryOptions): GalleryOptionKey[] {
  return (Object.keys(o) as GalleryOptionKey[]).filter((k) => isOptionVisible(k, o))
}

function pick<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback
}

/** Any stored options object -> complete, in-range options (missing ones take the defaults). */
export function normalizeGalleryOptions(raw: unknown): GalleryOptions {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const design = pick(GALLERY_DESIGNS, input.design, 'grid')
  const out = defaultGalleryOptions(design)
  for (const key of Object.keys(out) as GalleryOptionKey[]) {
    const v = input[key]
    if (v === undefined) continue
    const d = out[key]
    if (typeof d === 'boolean') (out as unknown as Record<string, unknown>)[key] = v === true || v === 'true'
    else if (key in RANGES) (out as unknown as Record<string, unknown>)[key] = clampOption(key as RangedKey, v)
  }
  out['meta-position'] = pick(META_POSITIONS, input['meta-position'], out['meta-position'])
  out['active-alignment'] = pick(ALIGNMENTS, input['active-alignment'], out['active-alignment'])
  out.lightboxTheme = pick(LIGHTBOX_THEMES, input.lightboxTheme, out.lightboxTheme)
  const ratio = input['aspect-ratio'] === 'square' ? '1:1' : input['aspect-ratio']
  out['aspect-ratio'] = design === 'slider' ? sliderAspect(ratio) : pick(ASPECT_RATIOS, ratio, '1:1')
  return out
}

/** A slider's aspect ratio as a percentage: a number clamped to SLIDER_ASPECT, a ratio 'w:h' as 100*h/w. */
export function sliderAspect(value: unknown): number {
  let n = typeof value === 'number' ? value : Number.NaN
  if (typeof value === 'string' && (ASPECT_RATIOS as readonly string[]).includes(value)) {
    const [w, h] = value.includes(':') ? value.split(':').map(Number) : [Number(value), 1]
    n = (100 * h!) / w!
  }
  if (!Number.isFinite(n)) return SLIDER_ASPECT.default
  return Math.min(SLIDER_ASPECT.max, Math.max(SLIDER_ASPECT.min, Math.round(n)))
}
