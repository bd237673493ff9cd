// Gallery options (the shared defaults and ranges of packages/contracts) and which of them apply to the current choices:
// autoplay-duration only with autoplay, thumbnail settings only with thumbnails.
import { ALIGNMENTS, ASPECT_RATIOS, GALLERY_DEFAULTS, GALLERY_DESIGNS, GALLERY_RANGES, LIGHTBOX_THEMES, META_POSITIONS, SLIDER_ASPECT_RATIO, type GalleryDesign, type GalleryOptions } from '@sitewright/contracts'

export {
  ALIGNMENTS, ASPECT_RATIOS, GALLERY_DESIGNS, LIGHTBOX_THEMES, META_POSITIONS,
  type GalleryDesign, type GalleryOptions,
} from '@sitewright/contracts'

/** A slider's aspect ratio: its height in percent of its width (a slider's default is 50). */
export const SLIDER_ASPECT = { ...SLIDER_ASPECT_RATIO, label: 'Aspect ratio (height, % of width)' } as const

export type GalleryOptionKey = keyof GalleryOptions

const RANGE_LABELS = {
  'autoplay-duration': 'Autoplay delay (seconds)',
  'thumbnail-strip-height': 'Thumbnail strip height',
  'thumbnail-strip-margin': 'Thumbnail strip margin',
  'thumbnails-per-row': 'Thumbnails per row',
  padding: 'Padding',
  'max-width': 'Maximum column width',
} as const satisfies Record<keyof typeof GALLERY_RANGES, string>

type Range = { readonly min: number; readonly max: number; readonly default: number; readonly label: string }

/** Numeric options: default and inclusive range (the shared contract's), with the label the panel shows. */
export const RANGES = Object.fromEntries(
  (Object.keys(GALLERY_RANGES) as (keyof typeof GALLERY_RANGES)[]).map((key) => {
    const [min, max] = GALLERY_RANGES[key]
    return [key, { min, max, default: GALLERY_DEFAULTS[key], label: RANGE_LABELS[key] }]
  }),
) as { readonly [K in keyof typeof GALLERY_RANGES]: Range }
export type RangedKey = keyof typeof RANGES

export function defaultGalleryOptions(design: GalleryDesign = 'grid'): GalleryOptions {
  return { ...GALLERY_DEFAULTS, design, 'aspect-ratio': design === 'slider' ? SLIDER_ASPECT.default : GALLERY_DEFAULTS['aspect-ratio'] }
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
