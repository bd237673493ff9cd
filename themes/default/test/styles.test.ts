// @vitest-environment jsdom
// The layout prints the site's saved styles (context `styles`, CONTEXT.md) as CSS custom properties in one <style>
// in <head>, after the theme's stylesheet, and nothing in a value can end the style element.
import { describe, expect, it } from 'vitest'
import { parse } from './dom.js'
import { loadContext, renderPage } from './theme.js'

const vars = [
  { name: '--paper', value: '#102030' },
  { name: '--accent', value: '#cc0000' },
  { name: '--font-display', value: "Rockwell, 'Roboto Slab', serif" },
]

describe('site styles in the layout', () => {
  it('prints the variables as a :root rule in <head>, after the theme stylesheet', () => {
    const ctx = { ...loadContext('page-all-blocks'), styles: { cssVariables: vars, css: '' } }
    const { html, errors } = renderPage(ctx)
    expect(errors).toEqual([])
    const doc = parse(html)
    const style = doc.querySelector('head style#site-styles')
    expect(style?.textContent).toBe(":root {--paper: #102030;--accent: #cc0000;--font-display: Rockwell, 'Roboto Slab', serif;}")
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.indexOf('id="site-styles"')).toBeGreaterThan(head.indexOf('rel="stylesheet"'))
  })

  it('prints no style element without saved styles', () => {
    const { html, errors } = renderPage(loadContext('page-all-blocks'))
    expect(errors).toEqual([])
    expect(html).not.toContain('site-styles')
    const empty = renderPage({ ...loadContext('page-all-blocks'), styles: { cssVariables: [], css: '' } })
    expect(empty.html).not.toContain('site-styles')
  })

  it('escapes markup in names and values, so the style element cannot be closed from inside', () => {
    const hostile = [
      { name: '--x</style><script>alert(1)</script>', value: '1' },
      { name: '--y', value: 'red</style><img src=x onerror=alert(1)>' },
    ]
    const { html } = renderPage({ ...loadContext('page-all-blocks'), styles: { cssVariables: hostile, css: '' } })
    const doc = parse(html)
    expect(doc.querySelectorAll('script:not([src])')).toHaveLength(0)
    expect(doc.querySelector('img[onerror]')).toBeNull()
    const style = doc.querySelector('head style#site-styles')!
    expect(style.textContent).toContain('&lt;/style&gt;')
    expect(html.match(/<\/style>/g)).toHaveLength(1)
  })
})
