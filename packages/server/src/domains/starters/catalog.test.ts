import { webFontChoice, webFontOf } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME_DIR } from '../publishing/index.js'
import { loadStarters, starterSpec } from './catalog.js'
import { remapIds } from './copy.js'

describe('starter templates', () => {
  it('ships four valid starters in chooser order, each with its own palette and web fonts of the font catalogue', () => {
    const specs = loadStarters(DEFAULT_THEME_DIR)
    expect(specs.map((s) => s.id)).toEqual(['store', 'portfolio', 'journal', 'restaurant'])
    for (const s of specs) {
      for (const f of [s.styles.heading, s.styles.body]) {
        const web = webFontOf(f)
        expect(web, `${s.id} ${f.family}`).toBeDefined()
        expect(f).toEqual(webFontChoice(web!))
      }
      expect(s.pages.filter((p) => p.homepage === true)).toHaveLength(1)
    }
    expect(new Set(specs.map((s) => s.styles.palette.accent)).size).toBe(specs.length)
    expect(specs.find((s) => s.id === 'store')!.products!.items.length).toBeGreaterThanOrEqual(3)
    expect(specs.find((s) => s.id === 'journal')!.posts!.items.length).toBeGreaterThanOrEqual(3)
    // the restaurant links its online food ordering with the provider's default title ('Order Now')
    const restaurant = specs.find((s) => s.id === 'restaurant')!
    expect(restaurant.profile.connectedLinks).toEqual([{ provider: 'online-ordering', url: expect.stringMatching(/^https:\/\//) }])
  })

  it('refuses a starter whose layout names an image or page it does not have', () => {
    const spec = loadStarters(DEFAULT_THEME_DIR)[0]!
    const bad = structuredClone(spec) as unknown as { pages: { layout?: unknown }[] }
    bad.pages[0]!.layout = { sections: [{ blocks: [{ type: 5, value: { imageId: '@image:nope' } }] }] }
    expect(starterSpec.safeParse(bad).success).toBe(false)
  })
})

describe('remapIds', () => {
  it('replaces mapped ids as whole values and inside longer strings, and keeps dates and other values', () => {
    const a = 'a'.repeat(24)
    const b = 'b'.repeat(24)
    const when = new Date(0)
    const out = remapIds({ id: a, html: `<img src="/files/${a}/x.jpg">`, list: [a, 'c'.repeat(24)], when, n: 3 }, new Map([[a, b]]))
    expect(out).toEqual({ id: b, html: `<img src="/files/${b}/x.jpg">`, list: [b, 'c'.repeat(24)], when, n: 3 })
    expect(out.when).toBe(when)
  })
})
