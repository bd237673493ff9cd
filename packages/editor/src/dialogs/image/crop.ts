// Image editing geometry (pure): the crop rectangle and the focal point, both in fractions (0..1) of the image as
// shown. Aspect ratios are in pixels (width / height), so they need the image's pixel size.

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

export const FULL: Rect = { x: 0, y: 0, width: 1, height: 1 }
/** The smallest crop side (fraction of the image). */
export const MIN_SIDE = 0.05

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const round = (v: number) => Math.round(v * 10000) / 10000

export function isFull(r: Rect): boolean {
  return r.x <= 0.0001 && r.y <= 0.0001 && r.width >= 0.9999 && r.height >= 0.9999
}

/** `r` made valid: sides at least MIN_SIDE and at most 1, wholly inside the image. */
export function clampRect(r: Rect): Rect {
  const width = clamp(r.width, MIN_SIDE, 1)
  const height = clamp(r.height, MIN_SIDE, 1)
  return { x: round(clamp(r.x, 0, 1 - width)), y: round(clamp(r.y, 0, 1 - height)), width: round(width), height: round(height) }
}

/**
 * The largest rectangle of pixel aspect `ratio` (width / height) inside an image of `w` x `h` pixels, centred on
 * the centre of `around` (moved inwards where it would leave the image). `ratio` null = the whole image.
 */
export function aspectRect(ratio: number | null, w: number, h: number, around: Rect = FULL): Rect {
  if (ratio === null || !(ratio > 0) || !(w > 0) || !(h > 0)) return FULL
  const imageRatio = w / h
  const width = ratio >= imageRatio ? 1 : ratio / imageRatio
  const height = ratio >= imageRatio ? imageRatio / ratio : 1
  const cx = around.x + around.width / 2
  const cy = around.y + around.height / 2
  return clampRect({ x: cx - width / 2, y: cy - height / 2, width, height })
}

/** `r` moved by (dx, dy), stopping at the image's edges. */
export function moveRect(r: Rect, dx: number, dy: number): Rect {
  return clampRect({ ...r, x: r.x + dx, y: r.y + dy })
}

/**
 * `r` resized from its bottom-right corner by (dw, dh), inside the image; with a pixel `ratio` the height follows
 * the width.
 */
export function resizeRect(r: Rect, dw: number, dh: number, ratio: number | null, w: number, h: number): Rect {
  let width = clamp(r.width + dw, MIN_SIDE, 1 - r.x)
  let height = clamp(r.height + dh, MIN_SIDE, 1 - r.y)
  if (ratio && w > 0 && h > 0) {
    height = (width * w) / ratio / h
    if (height > 1 - r.y) {
      height = 1 - r.y
      width = (height * h * ratio) / w
    }
  }
  return { x: r.x, y: r.y, width: round(width), height: round(height) }
}

/** The point of the image under a pointer at (clientX, clientY) over its box on screen. */
export function pointIn(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }): Point {
  if (!(box.width > 0) || !(box.height > 0)) return { x: 0.5, y: 0.5 }
  return { x: round(clamp((clientX - box.left) / box.width, 0, 1)), y: round(clamp((clientY - box.top) / box.height, 0, 1)) }
}

/** The focal point after an arrow key (5% a step, 1% with Shift), or null for other keys. */
export function nudgePoint(p: Point, key: string, fine = false): Point | null {
  const step = fine ? 0.01 : 0.05
  const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
  const m = d[key]
  if (!m) return null
  return { x: round(clamp(p.x + m[0], 0, 1)), y: round(clamp(p.y + m[1], 0, 1)) }
}

/** 'W × H' pixels of the crop of an image of `w` x `h`. */
export function cropSizeText(r: Rect, w: number, h: number): string {
  return `${Math.max(1, Math.round(r.width * w))} × ${Math.max(1, Math.round(r.height * h))} px`
}

/** 'WxH' (an asset's originalSize) as numbers, or null. */
export function parseSize(originalSize: string | null | undefined): { width: number; height: number } | null {
  const m = /^(\d+)x(\d+)$/.exec(originalSize ?? '')
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null
}
