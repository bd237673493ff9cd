import { describe, expect, it } from 'vitest'
import { detectType, isSafeSvg } from './detect.js'

const b = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const ftyp = (major: string, ...compatible: string[]) => b(u32(16 + 4 * compatible.length), 'ftyp', major, [0, 0, 0, 0], compatible.join(''))

describe('detectType (magic numbers)', () => {
  it.each([
    ['JPEG', b([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg', 'image'],
    ['PNG', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png', 'image'],
    ['GIF87a', b('GIF87a'), 'image/gif', 'image'],
    ['GIF89a', b('GIF89a'), 'image/gif', 'image'],
    ['WebP', b('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp', 'image'],
    ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'image/avif', 'image'],
    ['AVIF under a HEIF brand', ftyp('mif1', 'avif'), 'image/avif', 'image'],
    ['HEIC', ftyp('heic', 'mif1'), 'image/heic', 'image'],
    ['PDF', b('%PDF-1.7\n'), 'application/pdf', 'document'],
    ['ZIP', b([0x50, 0x4b, 0x03, 0x04, 20, 0]), 'application/zip', 'archive'],
    ['empty ZIP', b([0x50, 0x4b, 0x05, 0x06]), 'application/zip', 'archive'],
    ['MP3 with ID3', b('ID3', [4, 0, 0]), 'audio/mpeg', 'audio'],
    ['MP3 frame', b([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'audio'],
    ['M4A', ftyp('M4A ', 'isom'), 'audio/mp4', 'audio'],
    ['WAV', b('RIFF', [1, 2, 3, 4], 'WAVEfmt '), 'audio/wav', 'audio'],
    ['OGG', b('OggS', [0, 2]), 'audio/ogg', 'audio'],
    ['FLAC', b('fLaC'), 'audio/flac', 'audio'],
    ['MP4', ftyp('isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'video'],
    ['MP4 (mp42)', ftyp('mp42'), 'video/mp4', 'video'],
    ['WebM', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'), 'video/webm', 'video'],
    ['SVG', b('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'svg'],
    ['SVG after a declaration, BOM and comment', b([0xef, 0xbb, 0xbf], '<?xml version="1.0"?>\n<!-- x -->\n<svg width="1">'), 'image/svg+xml', 'svg'],
  ])('%s', (_name, bytes, mime, kind) => {
    expect(detectType(bytes)).toMatchObject({ mime, kind })
  })

  it.each([
    ['empty', b()],
    ['plain text', b('hello, this is not an image')],
    ['HTML', b('<!doctype html><html><svg></svg></html>')],
    ['Matroska (not WebM)', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['unknown ftyp brand', ftyp('xxxx')],
    ['RIFF AVI', b('RIFF', [1, 2, 3, 4], 'AVI LIST')],
    ['MPEG sync with a reserved layer', b([0xff, 0xf9, 0x90, 0x64])],
    ['a truncated PNG signature', b([0x89, 0x50, 0x4e, 0x47])],
  ])('rejects %s', (_name, bytes) => {
    expect(detectType(bytes)).toBeNull()
  })

  it('never looks at a name: the same bytes are the same type', () => {
    const png = b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    expect(detectType(png)?.ext).toBe('png')
  })
})

describe('isSafeSvg', () => {
  const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${inner}</svg>`

  it('accepts shapes, gradients and internal references', () => {
    expect(isSafeSvg(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/><use href="#g"/><use xlink:href="#g"/>'))).toBe(true)
  })

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['an event handler', svg('<rect onclick="alert(1)"/>')],
    ['an onload on the root', svg('', ' onload="alert(1)"')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['an entity-encoded link', svg('<a href="jav&#x61;script:alert(1)">x</a>')],
    ['an external image', svg('<image href="https://example.com/x.png"/>')],
    ['a protocol-relative reference', svg('<use xlink:href="//evil.example/x.svg#a"/>')],
    ['foreignObject', svg('<foreignObject><div>x</div></foreignObject>')],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('&x;')}`],
    ['a CSS import', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['an external CSS url', svg('<rect style="fill:url(https://evil.example/x)"/>')],
    ['an iframe', svg('<iframe src="x"></iframe>')],
  ])('rejects %s', (_name, text) => {
    expect(isSafeSvg(text)).toBe(false)
  })
})
