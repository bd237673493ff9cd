// File type from the file's bytes (magic numbers), never from its name. Pure.

import type { FileKind } from '@sitewright/contracts'

export type { FileKind }

export interface DetectedType {
  mime: string
  kind: FileKind
  /** Usual extension (no dot), for names without one. */
  ext: string
}

/** How many leading bytes `detectType` needs to decide (shorter files are judged on what they have). */
export const SNIFF_BYTES = 4100

const ascii = (b: Uint8Array, at: number, text: string) => {
  if (b.length < at + text.length) return false
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false
  return true
}
const bytes = (b: Uint8Array, at: number, seq: readonly number[]) => seq.every((v, i) => b[at + i] === v)

const T = (mime: string, kind: FileKind, ext: string): DetectedType => ({ mime, kind, ext })

const AVIF_BRANDS = new Set(['avif', 'avis'])
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'F4A '])
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4', 'f4v '])

/** ISO base media (ftyp box at offset 4): AVIF/HEIC images, M4A audio, MP4 video. */
function isoMedia(b: Uint8Array): DetectedType | null {
  if (!ascii(b, 4, 'ftyp') || b.length < 12) return null
  const boxSize = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0
  const brands = [String.fromCharCode(...b.subarray(8, 12))]
  for (let at = 16; at + 4 <= Math.min(boxSize, b.length, 256); at += 4) brands.push(String.fromCharCode(...b.subarray(at, at + 4)))
  const major = brands[0]!
  if (AVIF_BRANDS.has(major)) return T('image/avif', 'image', 'avif')
  if (HEIC_BRANDS.has(major)) return brands.some((x) => AVIF_BRANDS.has(x)) ? T('image/avif', 'image', 'avif') : T('image/heic', 'image', 'heic')
  if (M4A_BRANDS.has(major)) return T('audio/mp4', 'audio', 'm4a')
  if (MP4_BRANDS.has(major) || brands.some((x) => MP4_BRANDS.has(x))) return T('video/mp4', 'video', 'mp4')
  return null
}

/** MPEG audio frame header: sync 11 bits, MPEG version not reserved, Layer III, bitrate and rate not reserved. */
function mp3Frame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false
  const version = (b[1]! >> 3) & 3
  const layer = (b[1]! >> 1) & 3
  const bitrate = b[2]! >> 4
  const rate = (b[2]! >> 2) & 3
  return version !== 1 && layer === 1 && bitrate !== 0 && bitrate !== 15 && rate !== 3
}

/** WebM: an EBML header whose DocType is "webm". */
function webm(b: Uint8Array): boolean {
  if (!bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3])) return false
  const head = b.subarray(0, Math.min(b.length, 64))
  for (let i = 0; i + 6 <= head.length; i++) {
    if (head[i] === 0x42 && head[i + 1] === 0x82 && ascii(head, i + 3, 'webm')) return true
  }
  return false
}

const SVG_START = /^(?:\s*<\?xml[^>]*\?>)?(?:\s*<!--[\s\S]*?-->)*\s*<svg[\s>/]/i

/** SVG: UTF-8 text whose root element is <svg> (an XML declaration and comments may come first). */
function svg(b: Uint8Array): boolean {
  let text = Buffer.from(b.buffer, b.byteOffset, b.length).toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return SVG_START.test(text)
}

/** The type of a file from its first bytes (at least SNIFF_BYTES when the file is that long), or null. */
export function detectType(head: Uint8Array): DetectedType | null {
  const b = head
  if (bytes(b, 0, [0xff, 0xd8, 0xff])) return T('image/jpeg', 'image', 'jpg')
  if (bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return T('image/png', 'image', 'png')
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return T('image/gif', 'image', 'gif')
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return T('image/webp', 'image', 'webp')
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return T('audio/wav', 'audio', 'wav')
  const iso = isoMedia(b)
  if (iso) return iso
  if (ascii(b, 0, '%PDF-')) return T('application/pdf', 'document', 'pdf')
  if (bytes(b, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(b, 0, [0x50, 0x4b, 0x05, 0x06])) return T('application/zip', 'archive', 'zip')
  if (ascii(b, 0, 'OggS')) return T('audio/ogg', 'audio', 'ogg')
  if (ascii(b, 0, 'fLaC')) return T('audio/flac', 'audio', 'flac')
  if (ascii(b, 0, 'ID3') || mp3Frame(b)) return T('audio/mpeg', 'audio', 'mp3')
  if (webm(b)) return T('video/webm', 'video', 'webm')
  if (svg(b)) return T('image/svg+xml', 'svg', 'svg')
  return null
}

// Anything that can run script, pull in other documents or expand entities makes an SVG unsafe to serve.
const SVG_UNSAFE = [
  /<script[\s>/]/i,
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<foreignObject[\s>/]/i,
  /<(?:iframe|embed|object|handler|listener)[\s>/]/i,
  /\son[a-z]+\s*=/i,
  /(?:javascript|vbscript)\s*:/i,
  /data\s*:\s*text\/html/i,
  // Only references to fragments of the same document (href="#id", url(#id)).
  /\b(?:xlink:)?href\s*=\s*(?:"\s*[^#"\s]|'\s*[^#'\s]|[^#"'\s>])/i,
  /url\(\s*["']?\s*[^#"'\s)]/i,
  /@import/i,
  /<\?xml-stylesheet/i,
]

/** True when an SVG document holds nothing that can run script or load other resources. */
export function isSafeSvg(text: string): boolean {
  return !SVG_UNSAFE.some((re) => re.test(text))
}
