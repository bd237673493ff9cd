// Owner input of gallery options (zod) and their normalisation from stored values.
import { ALIGNMENTS, ASPECT_RATIOS, GALLERY_DEFAULTS, GALLERY_DESIGNS, GALLERY_RANGES, LIGHTBOX_THEMES, META_POSITIONS, SLIDER_ASPECT_RATIO, type GalleryOptions } from '@sitewright/contracts'
import { z } from 'zod'

// Designs, options, defaults and ranges are shared with the editor (packages/contracts).
export { ALIGNMENTS, ASPECT_RATIOS, GALLERY_DEFAULTS, GALLERY_DESIGNS, GALLERY_RANGES, META_POSITIONS, SLIDER_ASPECT_RATIO, type GalleryOptions } from '@sitewright/contracts'

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
    lightboxTheme: z.enum(LIGHTBOX_THEMES, 'Choose dark or light.'),
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
