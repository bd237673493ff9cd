// Every template and partial of the theme compiles cleanly, and theme.json only names templates that exist.
import { compile } from '@sitewright/jsont'
import { describe, expect, it } from 'vitest'
import { manifest, partialNames, partialSource, templateNames, templateSource } from './theme.js'

describe('theme templates compile', () => {
  it.each(templateNames())('template %s compiles with zero errors', (name) => {
    expect(compile(templateSource(name)).errors).toEqual([])
  })

  it.each(partialNames())('partial %s compiles with zero errors', (name) => {
    expect(compile(partialSource(name)).errors).toEqual([])
  })
})

describe('theme.json', () => {
  const templates = new Set(templateNames())
  const named = [
    manifest.layout,
    ...Object.values(manifest.pageTypes),
    ...Object.values(manifest.namedPages ?? {}),
    ...Object.values(manifest.fallback),
    ...Object.values(manifest.collections).flatMap((views) => Object.values(views)),
  ]

  it('names only templates that exist (and a layout)', () => {
    expect(manifest.layout).toBe('site')
    for (const name of named) expect(templates, name).toContain(name)
  })

  it('maps every system page type of CONTEXT.md to a body template', () => {
    expect(manifest.pageTypes).toMatchObject({
      '2': 'page',
      '100': 'not-found',
      '101': 'error',
      '102': 'search',
      '103': 'lock-screen',
      '104': 'popup-overlay',
      '105': 'protected',
      '106': 'member-denied',
    })
  })

  it('maps the collection types to list and item templates', () => {
    expect(manifest.collections.blog).toMatchObject({ list: 'blog-list', item: 'blog-item' })
    expect(manifest.collections.events).toMatchObject({ list: 'events-list', item: 'events-item' })
    expect(manifest.collections.gallery).toMatchObject({ list: 'gallery' })
    expect(manifest.collections.products).toMatchObject({ list: 'products-list', item: 'products-item', product: 'products-list' })
  })

  it('has no template that theme.json never reaches', () => {
    const reached = new Set(named)
    const unreached = templateNames().filter((t) => !reached.has(t))
    expect(unreached).toEqual([])
  })
})
