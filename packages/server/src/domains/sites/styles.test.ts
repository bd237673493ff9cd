// The font-stack grammar accepts every font of the editor's catalogue and nothing that could leave a declaration;
// the CSS variables follow the active themes and the font usage.
import { FONT_CATEGORIES as CATALOGUE_CATEGORIES, WEB_FONTS, webFontStack } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { cssVariables, rootCss } from './styles.js'
import { defaultSiteStyles, FONT_CATEGORIES, isFontStack, normalizeHex } from './styles-validators.js'

const catalogue = { categories: [...CATALOGUE_CATEGORIES], fonts: WEB_FONTS.map((w) => ({ family: w.family, category: w.category, stack: webFontStack(w) })) }

describe('site styles values', () => {
  it("accepts every stack of the editor's font catalogue, in the catalogue's categories", () => {
    expect(catalogue.categories).toEqual([...FONT_CATEGORIES])
    expect(catalogue.fonts.length).toBeGreaterThanOrEqual(30)
    for (const f of catalogue.fonts) expect(isFontStack(f.stack), f.family).toBe(true)
  })

  it('refuses stacks that could end a declaration, a rule or the style element', () => {
    for (const bad of ['Arial; color: red', 'Arial}', 'a{', "x</style>", 'url(x)', "'Unclosed", 'Arial\\', 'Arial,,serif', '', "'a' 'b'", 'x'.repeat(301), 'expression(1)'])
      expect(isFontStack(bad), bad).toBe(false)
  })

  it('hex colours of 3 or 6 digits only', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    expect(normalizeHex('a1b2c3')).toBe('#a1b2c3')
    for (const bad of ['#ab', '#abcd', '#abcde', '#abcdefa', 'red', '#ggg']) expect(normalizeHex(bad), bad).toBeNull()
  })

  it('variables follow the active colour theme and the font usage', () => {
    const s = defaultSiteStyles()
    s.colors.activeThemeId = 'dark'
    s.fonts.fontUsageCategories.headings = 'body'
    const vars = Object.fromEntries(cssVariables(s).map((v) => [v.name, v.value]))
    expect(vars['--paper']).toBe('#1c1f22')
    expect(vars['--ink']).toBe('#fbfaf7')
    expect(vars['--accent-soft']).toBe('color-mix(in srgb, #2f5d50 14%, #1c1f22)')
    expect(vars['--font-display']).toBe(vars['--font-body'])
    expect(rootCss([{ name: '--a', value: '#fff' }, { name: '--b', value: 'serif' }])).toBe(':root{--a:#fff;--b:serif}')
  })
})
