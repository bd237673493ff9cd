// What kind of file this is, from its first bytes (never its name), for the client-side check before upload.
// The server decides again on the full bytes; the kinds and default limits mirror its upload rules.

import type { FileKind } from '@sitewright/contracts'

export type { FileKind }

/** Default per-kind upload limits in megabytes (the server's defaults). */
export const UPLOAD_LIMITS_MB: Record<FileKind, number> = {
  image: 20,
  svg: 5,
  audio: 160,
  video: 500,
  document: 50,
  archive: 300,
}

export const SNIFF_LENGTH = 512

function startsWith(b: Uint8Array, at: number, sig: readonly number[] | string): boolean {
  const codes = typeof sig === 'string' ? [...sig].map((c) => c.charCodeAt(0)) : sig
  if (b.length < at + codes.length) return false
  return codes.every((c, i) => b[at + i] === c)
}

function looksLikeSvg(b: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b).replace(/^\uFEFF/, '')
  return /^(\s*<\?xml[^>]*\?>)?(\s*<!--[\s\S]*?-->)*\s*<svg[\s>/]/i.test(text)
}

function mpegAudio(b: Uint8Array): boolean {
  if (b.length < 3 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false
  const layer = (b[1]! >> 1) & 3
  const bitrate = b[2]! >> 4
  return layer === 1 && bitrate !== 0 && bitrate !== 15
}

export function sniffKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, 0, [0xff, 0xd8, 0xff])) return 'image'
  if (startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image'
  if (startsWith(b, 0, 'GIF87a') || startsWith(b, 0, 'GIF89a')) return 'image'
  if (startsWith(b, 0, 'RIFF') && startsWith(b, 8, 'WEBP')) return 'image'
  if (startsWith(b, 0, 'RIFF') && startsWith(b, 8, 'WAVE')) return 'audio'
  if (startsWith(b, 4, 'ftyp')) {
    const brand = String.fromCharCode(...b.subarray(8, 12))
    if (/^(avif|avis|heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'image'
    if (/^(M4A |M4B |F4A )$/.test(brand)) return 'audio'
    return 'video'
  }
  if (startsWith(b, 0, '%PDF-')) return 'document'
  if (startsWith(b, 0, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, 0, [0x50, 0x4b, 0x05, 0x06])) return 'archive'
  if (startsWith(b, 0, 'OggS') || startsWith(b, 0, 'fLaC') || startsWith(b, 0, 'ID3') || mpegAudio(b)) return 'audio'
  if (startsWith(b, 0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video'
  if (looksLikeSvg(b)) return 'svg'
  return null
}

/** Reads the first bytes of a browser File/Blob. */
export async function readHead(file: Blob, length = SNIFF_LENGTH): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer())
}
