import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FONT_CATEGORIES, fontsIn, loadFonts, parseFonts } from './fonts.js'

const shipped = JSON.parse(readFileSync(new URL('../../../public/fonts.json', import.meta.url), 'utf8')) as unknown

describe('font browser catalogue', () => {
  it('ships fonts in every spec category', () => {
    const fonts = parseFonts(shipped)!
    expect(new Set(fonts.map((f) => f.category))).toEqual(new Set(FONT_CATEGORIES))
    expect(fontsIn(fonts, 'Mono').every((f) => f.category === 'Mono')).toBe(true)
    expect(fontsIn(fonts, 'All', 'georg').map((f) => f.family)).toEqual(['Georgia'])
  })

  it("says 'Unable to load fonts' when the list cannot be loaded", async () => {
    expect(await loadFonts(async () => new Response('nope', { status: 500 }))).toEqual({ ok: false, error: 'Unable to load fonts' })
    expect(await loadFonts(async () => Promise.reject(new TypeError('offline')))).toEqual({ ok: false, error: 'Unable to load fonts' })
    expect(await loadFonts(async () => new Response(JSON.stringify(shipped)))).toMatchObject({ ok: true })
  })
})
