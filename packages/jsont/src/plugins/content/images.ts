// Image helpers: alt text, the image-meta attribute run, responsive srcset, size ratios and thumbnail bands.
import { escapeAttr, stripTags } from './escape.js'
import { field, isObject, nonEmpty, num, text, type JsonObject } from './values.js'
import type { Value } from '../types.js'

/** Message of the ratio helpers when the value is not an 'originalSize' of the form 'WxH'. */
export const INVALID_SIZE_MESSAGE = "Invalid source parameter. Pass in 'originalSize'"

/** Responsive image widths, smallest first. */
export const RESPONSIVE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const

/** Upper bounds of the thumbnail bands; a width above the last one gets '1500w'. */
const THUMBNAIL_BANDS: readonly [number, string][] = [
  [100, '100w'],
  [300, '300w'],
  [500, '500w'],
  [750, '750w'],
  [1000, '1000w'],
]

/** Longest image description (body) used as alt text by the image-meta family. */
export const DESCRIPTION_MAX = 1000
/** Longest body text the `image` formatter uses as alt text. */
export const IMAGE_ALT_BODY_MAX = 250

export interface Size {
  width: number
  height: number
}

/** Parse an 'originalSize' string 'WxH' (positive numbers). */
export function parseSize(v: Value): Size | undefined {
  if (typeof v !== 'string') return undefined
  const m = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/.exec(v)
  if (!m) return undefined
  const width = Number(m[1])
  const height = Number(m[2])
  if (!(width > 0) || !(height > 0)) return undefined
  return { width, height }
}

/** The thumbnail variant for a display width: bands up to 100, 300, 500, 750, 1000; above gives '1500w'. */
export function thumbnailBand(width: number): string {
  for (const [max, name] of THUMBNAIL_BANDS) if (width <= max) return name
  return '1500w'
}

export function heightForWidth(size: Size, width: number): number {
  return Math.floor((size.height * width) / size.width)
}

export function widthForHeight(size: Size, height: number): number {
  return Math.floor((size.width * height) / size.height)
}

/** 'x,y' of the image's mediaFocalPoint; each coordinate defaults to 0.5. */
export function focalPoint(img: Value): string {
  const fp = field(img, 'mediaFocalPoint')
  const x = num(field(fp, 'x')) ?? 0.5
  const y = num(field(fp, 'y')) ?? 0.5
  return `${x},${y}`
}

export interface AltOptions {
  /** Use the image's own altText (the block is an image block). */
  useAltText: boolean
  /** Longest body text kept. */
  bodyMax: number
  /** Collapse runs of whitespace in body text to one space. */
  collapse: boolean
}

/** Alt text of an image: altText (image blocks), else title, else body (tags stripped, truncated), else filename. */
export function altText(img: Value, opts: AltOptions): string {
  if (opts.useAltText && typeof field(img, 'altText') === 'string') return field(img, 'altText') as string
  const title = field(img, 'title')
  if (nonEmpty(title)) return title
  const body = field(img, 'body')
  if (nonEmpty(body)) {
    let s = stripTags(body)
    if (opts.collapse) s = s.replace(/\s+/g, ' ')
    return s.length > opts.bodyMax ? s.slice(0, opts.bodyMax) : s
  }
  return text(field(img, 'filename'))
}

/** The image-meta attribute run: licensed preview flag, sources, dimensions, focal point, alt. */
export function imageMetaAttrs(img: JsonObject, alt: string): string {
  const url = escapeAttr(text(img.assetUrl))
  let out = ''
  // the flag is for a licensed preview object only ({} included); true, false or a string set no flag
  if (isObject(img.licensedAssetPreview)) {
    out += 'data-licensed-asset-preview="true" '
  }
  out += `data-src="${url}" data-image="${url}" `
  out += `data-image-dimensions="${escapeAttr(text(img.originalSize))}" `
  out += `data-image-focal-point="${escapeAttr(focalPoint(img))}" `
  out += `alt="${escapeAttr(alt)}"`
  return out
}

/** image-meta for an image object; '' when `img` is not an object. */
export function imageMeta(img: Value): string {
  if (!isObject(img)) return ''
  return imageMetaAttrs(img, altText(img, { useAltText: false, bodyMax: DESCRIPTION_MAX, collapse: false }))
}

/** The lazy-loaded <img> (with a <noscript> fallback) of the `image` formatter. */
export function imageTag(img: JsonObject, cls: string, useAltText: boolean): string {
  const alt = altText(img, { useAltText, bodyMax: IMAGE_ALT_BODY_MAX, collapse: true })
  const url = escapeAttr(text(img.assetUrl))
  let out = `<noscript><img src="${url}" alt="${escapeAttr(alt)}" /></noscript>`
  out += `<img class="${escapeAttr(cls)}" `
  if (nonEmpty(img.componentKey)) out += `data-component-key="${escapeAttr(img.componentKey)}" `
  out += imageMetaAttrs(img, alt)
  out += ` data-load="false" data-image-id="${escapeAttr(text(img.id))}" data-type="image" />`
  return out
}

/**
 * srcset of an image's systemDataVariants ('WxH,100w,300w,...'): every width variant in order; when the list
 * names the original size but no 2500w variant, the original stands in as 2500w. '' when there are no variants.
 */
export function srcset(img: Value): string {
  const variants = field(img, 'systemDataVariants')
  if (!nonEmpty(variants)) return ''
  const url = escapeAttr(text(field(img, 'assetUrl')))
  const parts = variants.split(',').map((p) => p.trim())
  const widths = parts.filter((p) => /^\d+w$/.test(p))
  const hasOriginal = parts.some((p) => parseSize(p) !== undefined)
  const entries = widths.map((w) => `${url}?format=${w} ${w}`)
  if (hasOriginal && !widths.includes('2500w')) entries.push(`${url}?format=original 2500w`)
  return entries.length === 0 ? '' : `srcset="${entries.join(',')}"`
}
