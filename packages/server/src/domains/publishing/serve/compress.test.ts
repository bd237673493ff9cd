import { gunzipSync, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressParts, gzipWithCrumb } from './compress.js'

const page = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`<section id="s${i}">${'<p>Stoneware, fired twice. '.repeat(60 + i)}</p>`))

describe('a crumb-printing page, gzipped once per crumb', () => {
  it('is one gzip member whose text is the page with the crumb between its parts', async () => {
    for (const n of [2, 3, 5]) {
      const parts = page(n)
      const { gzParts, br, gz } = await compressParts(parts)
      expect(br).toBeUndefined()
      expect(gz).toBeUndefined()
      for (const crumb of ['abc.DEF-123', 'x'.repeat(80), 'é-crumb']) {
        const body = gzipWithCrumb(gzParts!, parts, crumb)
        const expected = Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from(crumb), p])))
        expect(gunzipSync(body).equals(expected)).toBe(true)
        // one member: the deflate stream between the 10-byte header and the 8-byte trailer holds the whole text
        expect(inflateRawSync(body.subarray(10, body.length - 8)).equals(expected)).toBe(true)
        expect(body.readUInt32LE(body.length - 4)).toBe(expected.length)
        expect(body.length).toBeLessThan(expected.length / 4)
      }
    }
  })

  it('leaves small pages and pages without a crumb as before', async () => {
    expect(await compressParts([Buffer.from('tiny'), Buffer.from('page')])).toEqual({})
    const whole = await compressParts(page(1))
    expect(gunzipSync(whole.gz!).equals(page(1)[0]!)).toBe(true)
    expect(whole.gzParts).toBeUndefined()
  })
})
