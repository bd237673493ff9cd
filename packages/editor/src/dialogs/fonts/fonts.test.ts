import { FONT_PAIRINGS, WEB_FONTS, webFontStack } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { FONT_CATEGORIES, fontsIn, loadFonts, pairedWith, parseFonts } from './fonts.js'

const shipped = {
  categories: [...FONT_CATEGORIES],
  facesCss: '/assets/fonts/faces.css',
  fonts: WEB_FONTS.map((w) => ({ id: w.id, family: w.family, category: w.category, stack: webFontStack(w), weights: [...w.weights] })),
  pairings: FONT_PAIRINGS,
}

describe('font browser catalogue', () => {
  it('lists web fonts in every spec category, with pairings', () => {
    const cat = parseFonts(shipped)!
    expect(cat.fonts.length).toBeGreaterThanOrEqual(30)
    expect(new Set(cat.fonts.map((f) => f.category))).toEqual(new Set(FONT_CATEGORIES))
    expect(fontsIn(cat.fonts, 'Mono').every((f) => f.category === 'Mono')).toBe(true)
    expect(fontsIn(cat.fonts, 'All', 'playf').map((f) => f.family)).toEqual(['Playfair Display'])
    expect(pairedWith(cat, 'playfair-display').map((f) => f.family)).toContain('Source Serif 4')
    expect(cat.facesCss).toBe('/assets/fonts/faces.css')
  })

  it('drops entries whose stack could leave a declaration, and foreign stylesheet addresses', () => {
    const cat = parseFonts({ fonts: [{ id: 'x', family: 'X', category: 'Serif', stack: 'x; color: red' }, ...shipped.fonts.slice(0, 1)], facesCss: 'https://elsewhere.example/x.css' })!
    expect(cat.fonts.map((f) => f.id)).toEqual(['inter'])
    expect(cat.facesCss).toBeNull()
  })

  it("says 'Unable to load fonts' when the list cannot be loaded", async () => {
    expect(await loadFonts(async () => new Response('nope', { status: 500 }))).toEqual({ ok: false, error: 'Unable to load fonts' })
    expect(await loadFonts(async () => Promise.reject(new TypeError('offline')))).toEqual({ ok: false, error: 'Unable to load fonts' })
    expect(await loadFonts(async () => new Response(JSON.stringify(shipped)))).toMatchObject({ ok: true })
  })
})
