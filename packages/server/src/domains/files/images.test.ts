import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { chooseVariant, cropPixels, cropTo, probeImage, resizeTo, systemDataVariants, variantWidths } from './images.js'

/** A 40x20 PNG: left half red, right half blue (top) / green (bottom). */
async function quadrants(): Promise<Buffer> {
  const half = (color: string) => sharp({ create: { width: 20, height: 10, channels: 3, background: color } }).png().toBuffer()
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 20, top: 0 },
      { input: await half('#ff0000'), left: 0, top: 10 },
      { input: await half('#00ff00'), left: 20, top: 10 },
    ])
    .png()
    .toBuffer()
}

describe('images', () => {
  it('probes the size and the five colour averages (hex without #) with a suggested background', async () => {
    const p = await probeImage(await quadrants())
    expect(p.width).toBe(40)
    expect(p.height).toBe(20)
    expect(p.colorData).toMatchObject({
      topLeftAverage: 'ff0000',
      topRightAverage: '0000ff',
      bottomLeftAverage: 'ff0000',
      bottomRightAverage: '00ff00',
    })
    expect(p.colorData.centerAverage).toMatch(/^[0-9a-f]{6}$/)
    // corners: two red, one blue, one green -> r 128, g 64, b 64
    expect(p.colorData.suggestedBgColor).toBe('804040')
  })

  it('reports the displayed size of an EXIF-rotated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const p = await probeImage(jpeg)
    expect([p.width, p.height]).toEqual([20, 60])
  })

  it('fails on bytes sharp cannot decode', async () => {
    await expect(probeImage(Buffer.from('not an image'))).rejects.toThrow()
  })

  it('makes only widths below the original', () => {
    expect(variantWidths(80)).toEqual([])
    expect(variantWidths(100)).toEqual([])
    expect(variantWidths(800)).toEqual([100, 300, 500, 750])
    expect(variantWidths(1500)).toEqual([100, 300, 500, 750, 1000])
    expect(variantWidths(4000)).toEqual([100, 300, 500, 750, 1000, 1500, 2500])
  })

  it('resizes to the width in the same format', async () => {
    const out = await resizeTo(await quadrants(), 'image/png', 10)
    const meta = await sharp(out).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 10, 5])
  })

  it('chooses the nearest generated width at least as wide, else the original', () => {
    expect(chooseVariant([100, 300, 500], 100)).toBe(100)
    expect(chooseVariant([100, 300, 500], 250)).toBe(300)
    expect(chooseVariant([100, 300, 500], 750)).toBeNull()
    expect(chooseVariant([], 100)).toBeNull()
  })

  it('lists the original size, then the widths that can be asked for', () => {
    expect(systemDataVariants(800, 600, [100, 300, 500, 750])).toBe('800x600,100w,300w,500w,750w')
    expect(systemDataVariants(1500, 983, [100, 300, 500, 750, 1000])).toBe('1500x983,100w,300w,500w,750w,1000w,1500w')
    expect(systemDataVariants(null, null, [])).toBe('')
  })

  it('crop rectangles in fractions become pixels inside the image (at least one pixel)', () => {
    expect(cropPixels({ x: 0.25, y: 0.5, width: 0.5, height: 0.5 }, 40, 20)).toEqual({ left: 10, top: 10, width: 20, height: 10 })
    expect(cropPixels({ x: 1, y: 1, width: 0, height: 0 }, 40, 20)).toEqual({ left: 39, top: 19, width: 1, height: 1 })
    expect(cropPixels({ x: 0.9, y: 0, width: 0.5, height: 2 }, 40, 20)).toEqual({ left: 36, top: 0, width: 4, height: 20 })
  })

  it('crops with sharp to the rectangle, in the same format', async () => {
    const out = await cropTo(await quadrants(), 'image/png', { x: 0.5, y: 0.5, width: 0.5, height: 0.5 })
    const probe = await probeImage(out)
    expect([probe.width, probe.height]).toEqual([20, 10])
    expect(probe.colorData.centerAverage).toBe('00ff00')
    expect((await sharp(out).metadata()).format).toBe('png')
  })
})
