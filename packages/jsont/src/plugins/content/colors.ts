// Colour helpers: hex parsing (3 or 6 digits), light/dark weight, image colour data, website HSL(A) colours.
import { escapeAttr } from './escape.js'
import { field, isObject, num } from './values.js'
import type { Value } from '../types.js'

export interface Rgb {
  r: number
  g: number
  b: number
}

/** Parse '#abc' / 'abc' / '#aabbcc' / 'aabbcc' (3 or 6 hex digits); anything else is undefined. */
export function parseHex(v: Value): Rgb | undefined {
  if (typeof v !== 'string') return undefined
  const m = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.exec(v.trim())
  if (!m) return undefined
  let hex = m[1]!
  if (hex.length === 3) hex = hex[0]! + hex[0]! + hex[1]! + hex[1]! + hex[2]! + hex[2]!
  const n = parseInt(hex, 16)
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff }
}

/** Perceived brightness 0..255 (ITU-R 601 weights). */
export function brightness(c: Rgb): number {
  return (c.r * 299 + c.g * 587 + c.b * 114) / 1000
}

/** Brightness below which a colour counts as dark. */
export const DARK_BRIGHTNESS = 166.4
/** 24-bit value above which the color-weight formatter calls a colour light (half of 0xFFFFFF). */
export const LIGHT_VALUE = 8388607.5

export function isDark(c: Rgb): boolean {
  return brightness(c) < DARK_BRIGHTNESS
}

/** 'light' when the colour's 24-bit value is above 8388607.5, else 'dark'; '' for an invalid colour. */
export function colorWeight(v: Value): string {
  const c = parseHex(v)
  if (!c) return ''
  const value = (c.r << 16) | (c.g << 8) | c.b
  return value > LIGHT_VALUE ? 'light' : 'dark'
}

/** The five colour-data positions of an image, in output order. */
export const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const

/** '#hex' of one position of an image's colorData, or undefined. */
export function positionColor(colorData: Value, position: string): string | undefined {
  const v = field(colorData, `${position}Average`)
  return typeof v === 'string' || typeof v === 'number' ? `#${String(v)}` : undefined
}

/** ` data-color-<pos>="#..."` for each present position (lowercased names when `lower`). */
export function colorDataAttrs(colorData: Value, lower: boolean): string[] {
  const out: string[] = []
  for (const pos of COLOR_POSITIONS) {
    const c = positionColor(colorData, pos)
    if (c !== undefined) out.push(`data-color-${lower ? pos.toLowerCase() : pos}="${escapeAttr(c)}"`)
  }
  return out
}

/** The image-color formatter: all positions as attributes, one position's colour, or 'property: colour'. */
export function imageColor(img: Value, args: readonly string[]): string {
  const colorData = field(img, 'colorData')
  if (!isObject(colorData)) return ''
  if (args.length === 0) return colorDataAttrs(colorData, false).join(' ')
  const position = args[0]!
  const c = positionColor(colorData, position)
  if (c === undefined) return `"${position}" not found.`
  return args.length > 1 ? `${args[1]}: ${c}` : c
}

function round2(n: number): string {
  return String(Math.round(n * 100) / 100)
}

/** hsl()/hsla() of a website colour {hue, saturation, lightness, alpha?}, or the validation messages. */
export function websiteColor(v: Value): string {
  const h = num(field(v, 'hue'))
  const s = num(field(v, 'saturation'))
  const l = num(field(v, 'lightness'))
  const rawAlpha = field(v, 'alpha')
  const a = num(rawAlpha)
  if (h === undefined || s === undefined || l === undefined) return 'Missing an H/S/L value.'
  const errors: string[] = []
  if (h < 0 || h > 360) errors.push('Hue out of bounds.')
  if (s < 0 || s > 1) errors.push('Saturation out of bounds.')
  if (l < 0 || l > 1) errors.push('Lightness out of bounds.')
  if (a !== undefined && (a < 0 || a > 1)) errors.push('Alpha out of bounds.')
  if (errors.length > 0) return errors.join(' ')
  const body = `${round2(h)}, ${round2(s * 100)}%, ${round2(l * 100)}%`
  return a === undefined ? `hsl(${body})` : `hsla(${body}, ${round2(a)})`
}
