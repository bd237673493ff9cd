// Images with sharp: probing (oriented size, colour data), responsive width variants, variant choice.
import type { ColorData } from '@sitewright/contracts'
import sharp from 'sharp'

// libvips' operation cache (50 MB by default) keeps decoded images around after a variant is made; each image is
// worked on once here, so it only held memory (~23 MB resident after the demo's first start).
sharp.cache(false)

/** The responsive widths, in order. A variant is made only for widths below the original's width. */
export const VARIANT_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const

export type { ColorData }

export interface ImageProbe {
  width: number
  height: number
  colorData: ColorData
}

// Image inputs are bounded (about 268 megapixels by default in sharp); failures are thrown to the caller.
const input = (data: Buffer, animated = false) => sharp(data, { animated, failOn: 'error' })

const hex = (r: number, g: number, b: number) =>
  [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')

/** Longest side the colour averages are computed at (downscaled by area averaging, never enlarged). */
const COLOR_SAMPLE = 200

/**
 * Reads an image: its displayed (EXIF-oriented) size and the average colours of its four quadrants and centre
 * (hex without '#', as the templates expect), plus a suggested background colour (the average of the corners).
 * Throws when sharp cannot decode it.
 */
export async function probeImage(data: Buffer): Promise<ImageProbe> {
  const meta = await input(data).metadata()
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw new Error('image without dimensions')
  const { data: px, info } = await input(data)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(COLOR_SAMPLE, COLOR_SAMPLE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width: w, height: h, channels: ch } = info
  const avg = (x0: number, y0: number, x1: number, y1: number): [number, number, number] => {
    let r = 0
    let g = 0
    let b = 0
    let n = 0
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * w + x) * ch
        r += px[i]!
        g += px[i + 1]!
        b += px[i + 2]!
        n++
      }
    }
    return [r / n, g / n, b / n]
  }
  // Halves that are never empty (a 1-pixel side is shared by both halves).
  const hx = Math.max(1, Math.floor(w / 2))
  const hy = Math.max(1, Math.floor(h / 2))
  const rx = Math.min(hx, w - 1)
  const ry = Math.min(hy, h - 1)
  const tl = avg(0, 0, hx, hy)
  const tr = avg(rx, 0, w, hy)
  const bl = avg(0, ry, hx, h)
  const br = avg(rx, ry, w, h)
  const cx0 = Math.floor(w / 4)
  const cy0 = Math.floor(h / 4)
  const c = avg(cx0, cy0, Math.max(cx0 + 1, Math.ceil((3 * w) / 4)), Math.max(cy0 + 1, Math.ceil((3 * h) / 4)))
  const corners = [0, 1, 2].map((k) => (tl[k]! + tr[k]! + bl[k]! + br[k]!) / 4) as [number, number, number]
  return {
    width,
    height,
    colorData: {
      topLeftAverage: hex(...tl),
      topRightAverage: hex(...tr),
      bottomLeftAverage: hex(...bl),
      bottomRightAverage: hex(...br),
      centerAverage: hex(...c),
      suggestedBgColor: hex(...corners),
    },
  }
}

/** The widths to generate for an original of `width` pixels: never upscaled, never the original's own width. */
export function variantWidths(width: number): number[] {
  return VARIANT_WIDTHS.filter((w) => w < width)
}

/** Output format of the variants of an image of `mime` (browsers cannot show HEIC: JPEG instead). */
export function variantMime(mime: string): string {
  return mime === 'image/heic' ? 'image/jpeg' : mime
}

/** One width variant of an image (EXIF-oriented, metadata stripped), in the variant format of `mime`. */
export async function resizeTo(data: Buffer, mime: string, width: number): Promise<Buffer> {
  const animated = mime === 'image/gif' || mime === 'image/webp'
  return encode(input(data, animated).rotate().resize({ width, withoutEnlargement: true }), mime)
}

function encode(img: ReturnType<typeof sharp>, mime: string): Promise<Buffer> {
  switch (variantMime(mime)) {
    case 'image/png':
      return img.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
    case 'image/gif':
      return img.gif().toBuffer()
    case 'image/webp':
      return img.webp({ quality: 82 }).toBuffer()
    case 'image/avif':
      return img.avif({ quality: 55 }).toBuffer()
    default:
      return img.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
  }
}

/** The modern formats served by `Accept` in place of an image's own, best first. */
export const MODERN_FORMATS = ['avif', 'webp'] as const
export type ModernFormat = (typeof MODERN_FORMATS)[number]
export const MODERN_MIME: Record<ModernFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

/** Largest width a modern copy of the original is made at (wider originals are reached through their variants). */
export const MODERN_MAX_WIDTH = 2500

/** The modern formats made for an image of `mime`: none for animations and for what is already one of them. */
export function modernFormatsFor(mime: string): ModernFormat[] {
  if (mime === 'image/jpeg' || mime === 'image/heic' || mime === 'image/png') return ['avif', 'webp']
  return []
}

/** AVIF and WebP qualities by width: small images need more (their JPEG's own artifacts dominate a comparison). */
function modernQuality(format: ModernFormat, width: number): number {
  if (format === 'avif') return width <= 150 ? 72 : width <= 500 ? 62 : 52
  return width <= 150 ? 90 : width <= 500 ? 85 : 80
}

/**
 * A modern-format copy of one size of an image: `source` is that size in the image's own format (a width variant, or
 * the original), encoded again from its own pixels, so the copy looks like what a browser without the format gets
 * (SSIM >= 0.98 against it on the demo, measured by bench-images.ts). AVIF at a low effort: the jobs share the machine
 * with the serving thread. Metadata stripped, EXIF-oriented (an original may carry an orientation).
 */
export async function encodeModern(source: Buffer, format: ModernFormat): Promise<Buffer> {
  const img = input(source).rotate()
  const width = (await input(source).metadata()).width ?? 0
  const quality = modernQuality(format, width)
  return format === 'avif' ? img.avif({ quality, effort: 2 }).toBuffer() : img.webp({ quality, effort: 4 }).toBuffer()
}

/** A crop rectangle in fractions (0..1) of the displayed (EXIF-oriented) image. */
export interface CropRect {
  x: number
  y: number
  width: number
  height: number
}

/** The pixel rectangle of `rect` in an image of `width` x `height`: at least one pixel, never outside the image. */
export function cropPixels(rect: CropRect, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const left = Math.min(width - 1, Math.max(0, Math.round(rect.x * width)))
  const top = Math.min(height - 1, Math.max(0, Math.round(rect.y * height)))
  const w = Math.max(1, Math.min(width - left, Math.round(rect.width * width)))
  const h = Math.max(1, Math.min(height - top, Math.round(rect.height * height)))
  return { left, top, width: w, height: h }
}

/** The image cut to `rect` (EXIF-oriented first, metadata stripped), in the variant format of `mime`. */
export async function cropTo(data: Buffer, mime: string, rect: CropRect): Promise<Buffer> {
  const probe = await input(data).metadata()
  const width = probe.autoOrient?.width ?? probe.width
  const height = probe.autoOrient?.height ?? probe.height
  if (!width || !height) throw new Error('image without dimensions')
  const img = input(data).rotate().extract(cropPixels(rect, width, height))
  return encode(img, mime)
}

/**
 * The stored variant answering a request for `requested` pixels: the smallest generated width at least that wide,
 * or null for the original (nothing generated is wide enough).
 */
export function chooseVariant(generated: readonly number[], requested: number): number | null {
  const wider = generated.filter((w) => w >= requested).sort((a, b) => a - b)
  return wider[0] ?? null
}

/** 'WxH,100w,300w,...': the original size, then each width a visitor can ask for (generated, or the original's own). */
export function systemDataVariants(width: number | null, height: number | null, generated: readonly number[]): string {
  if (!width || !height) return ''
  const widths = [...generated]
  if ((VARIANT_WIDTHS as readonly number[]).includes(width)) widths.push(width)
  return [`${width}x${height}`, ...widths.sort((a, b) => a - b).map((w) => `${w}w`)].join(',')
}
