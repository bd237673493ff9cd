// Gallery designs and options with the defaults and ranges of SPEC section 9.
import { z } from 'zod'

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const
export const ASPECT_RATIOS = ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '2.40'] as const
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const
export const ALIGNMENTS = ['center', 'left', 'right'] as const
/** The slider's aspect ratio may also be a number: its height in percent of its width (SPEC: slider default 50). */
export const SLIDER_ASPECT_RATIO = { default: 50, min: 10, max: 200 } as const

export interface GalleryOptions {
  design: (typeof GALLERY_DESIGNS)[number]
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
  lightboxTheme: 'dark' | 'light'
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

const range = (name: keyof typeof GALLERY_RANGES) => {
  const [min, max] = GALLERY_RANGES[name]
  return z.number().int(`${name} must be a whole number.`).min(min, `${name} must be between ${min} and ${max}.`).max(max, `${name} must be between ${min} and ${max}.`)
}

/** Owner input: any subset of the options, each validated (unknown keys rejected). */
export const galleryOptionsInput = z
  .object({
    design: z.enum(GALLERY_DESIGNS, 'Choose grid, slideshow, slider or stacked.'),
    autoplay: z.boolean(),
    'autoplay-duration': range('autoplay-duration'),
    controls: z.boolean(),
    'auto-crop': z.boolean(),
    'aspect-ratio': z.union(
      [
        z.enum(ASPECT_RATIOS),
        z.number().int().min(SLIDER_ASPECT_RATIO.min).max(SLIDER_ASPECT_RATIO.max),
      ],
      `Choose one of ${ASPECT_RATIOS.join(', ')}, or for a slider a height of ${SLIDER_ASPECT_RATIO.min} to ${SLIDER_ASPECT_RATIO.max} percent.`,
    ),
    'square-thumbs': z.boolean(),
    thumbnails: z.boolean(),
    'thumbnail-strip-height': range('thumbnail-strip-height'),
    'thumbnail-strip-margin': range('thumbnail-strip-margin'),
    'show-meta': z.boolean(),
    'show-meta-basic': z.boolean(),
    'show-meta-only-title': z.boolean(),
    'meta-position': z.enum(META_POSITIONS, `Choose one of ${META_POSITIONS.join(', ')}.`),
    'show-meta-on-hover': z.boolean(),
    'active-alignment': z.enum(ALIGNMENTS, 'Choose center, left or right.'),
    'thumbnails-per-row': range('thumbnails-per-row'),
    padding: range('padding'),
    lightbox: z.boolean(),
    lightboxTheme: z.enum(['dark', 'light'], 'Choose dark or light.'),
    'max-width': range('max-width'),
    newWindow: z.boolean(),
    transparentBackground: z.boolean(),
  })
  .partial()
  .strict()
  .refine((o) => typeof o['aspect-ratio'] !== 'number' || o.design === undefined || o.design === 'slider', {
    message: 'A percentage aspect ratio applies to the slider design only.',
    path: ['aspect-ratio'],
  })
export type GalleryOptionsInput = z.infer<typeof galleryOptionsInput>

/** Complete options from stored (possibly partial or out-of-range) ones: defaults fill gaps, bad values fall back. */
export function normalizeGalleryOptions(raw: unknown): GalleryOptions {
  const src = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const out: Record<string, unknown> = { ...GALLERY_DEFAULTS }
  for (const key of Object.keys(GALLERY_DEFAULTS) as (keyof GalleryOptions)[]) {
    const v = src[key]
    if (v === undefined) continue
    const single = galleryOptionsInput.safeParse({ [key]: v })
    if (single.success) out[key] = v
  }
  // the slider's own default (a percentage); a percentage means nothing to the other designs
  if (out.design === 'slider') {
    const v = src['aspect-ratio']
    out['aspect-ratio'] = v !== undefined && galleryOptionsInput.safeParse({ 'aspect-ratio': v }).success ? v : SLIDER_ASPECT_RATIO.default
  } else if (typeof out['aspect-ratio'] === 'number') out['aspect-ratio'] = GALLERY_DEFAULTS['aspect-ratio']
  return out as unknown as GalleryOptions
}
