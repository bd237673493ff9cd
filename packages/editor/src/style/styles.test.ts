import { describe, expect, it } from 'vitest'
import { changes, cssText, cssVariables, defaultStyles, dirtyPaths, isHex, normalizeHex, restoreStyles } from './styles.js'

describe('styles', () => {
  it('accepts hex colours of 3 or 6 digits only', () => {
    for (const ok of ['#abc', 'abc', '#A1B2C3', 'a1b2c3']) expect(isHex(ok)).toBe(true)
    for (const bad of ['#ab', '#abcd', '#abcde', '#abcdefg', 'red', '#ggg', '']) expect(isHex(bad)).toBe(false)
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    expect(normalizeHex('nope')).toBeNull()
  })

  it('tracks the spec dirty paths', () => {
    const saved = defaultStyles()
    const s = structuredClone(saved)
    expect(dirtyPaths(saved, s)).toEqual([])
    s.colors.activeThemeId = 'dark'
    s.colors.palette[2]!.hex = '#ff0000'
    s.fonts.fontUsageCategories.headings = 'body'
    expect(dirtyPaths(saved, s)).toEqual(['colors.activeThemeId', 'colors.palette', 'fonts.fontUsageCategories'])
    s.fonts.activeThemeId = 'modern'
    s.colors.themes[0]!.name = 'Bright'
    s.fonts.themes[0]!.name = 'Old'
    expect(dirtyPaths(saved, s)).toHaveLength(6)
    expect(Object.keys(changes(saved, s))).toHaveLength(6)
  })

  it("computes the theme's CSS custom properties for the preview", () => {
    const s = defaultStyles()
    s.colors.palette[2]!.hex = '#123456'
    const vars = cssVariables(s)
    expect(vars['--accent']).toBe('#123456')
    expect(vars['--paper']).toBe('#fbfaf7')
    expect(vars['--font-display']).toContain('Georgia')
    s.colors.activeThemeId = 'dark'
    expect(cssVariables(s)['--paper']).toBe('#1c1f22')
    expect(cssText({ '--x': 'a}b;<c' })).toBe(':root{--x:abc}')
  })

  it('restores partial stored styles over the defaults', () => {
    const r = restoreStyles({ colors: { palette: [{ id: 'accent', name: 'A', hex: 'F00' }, { id: 'bad', hex: 'red' }] } })
    expect(r.colors.palette).toEqual([{ id: 'accent', name: 'A', hex: '#ff0000' }])
    expect(r.fonts.activeThemeId).toBe('classic')
  })
})
