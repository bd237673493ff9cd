// The package's curated entry points: '.', and the plugin helper families './commerce', './content', './i18n'.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as root from '@sitewright/jsont'
import * as commerce from '@sitewright/jsont/commerce'
import * as content from '@sitewright/jsont/content'
import * as i18n from '@sitewright/jsont/i18n'

interface ExportEntry {
  '@sitewright/source': string
  types: string
  default: string
}
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, ExportEntry>
}

describe('package exports', () => {
  it('maps each family subpath to its source index and to the build output', () => {
    for (const family of ['commerce', 'content', 'i18n']) {
      expect(pkg.exports[`./${family}`]).toEqual({
        '@sitewright/source': `./src/plugins/${family}/index.ts`,
        types: `./dist/plugins/${family}/index.d.ts`,
        default: `./dist/plugins/${family}/index.js`,
      })
    }
  })

  it('resolves the subpaths to the plugin helpers', () => {
    expect(typeof root.render).toBe('function')
    expect(commerce.isSoldOut({ structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } })).toBe(true)
    expect(content.commentsEnabled).toBeTypeOf('function')
    const en = i18n.getCldr('en-US')
    expect(en).toBeDefined()
    expect(i18n.formatLegacyMoney(i18n.readMoney({ value: '1234.5', currency: 'USD' })!, en!)).toBe('$1,234.50')
  })

  it('keeps every entry curated (no export *)', () => {
    const files = ['../src/index.ts', ...['commerce', 'content', 'i18n'].map((f) => `../src/plugins/${f}/index.ts`)]
    for (const f of files) expect(readFileSync(new URL(f, import.meta.url), 'utf8')).not.toMatch(/^export \*/m)
  })
})
