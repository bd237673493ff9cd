// The theme's CSS has exactly the two fluid breakpoints of packages/contracts (mobile up to 432 px, desktop from
// 433 px) and no tablet query: every width media query is one of those two.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BREAKPOINTS } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { THEME_DIR } from './theme.js'

const css = readFileSync(join(THEME_DIR, 'assets', 'site.css'), 'utf8')

describe('theme breakpoints', () => {
  it('uses only max-width: 432px and min-width: 433px', () => {
    const queries = [...css.matchAll(/@media\s*([^{]+)\{/g)].map((m) => m[1]!.trim())
    const widths = new Set(queries.filter((q) => /width/.test(q)))
    expect([...widths].sort()).toEqual([`(max-width: ${BREAKPOINTS.mobile.maxWidth}px)`, `(min-width: ${BREAKPOINTS.desktop.minWidth}px)`])
    expect(queries.filter((q) => !/width/.test(q))).toEqual(['(prefers-reduced-motion: reduce)'])
  })
})
