// @vitest-environment jsdom
// System pages (search, 404, error, lock screen, members only, popup overlay), the index and splash pages, and
// escaping of hostile values everywhere a visitor or owner can put text.
import { describe, expect, it } from 'vitest'
import { attr, count, parse, text } from './dom.js'
import { loadContext, renderPage, type Context } from './theme.js'

const doc = (ctx: Context) => {
  const r = renderPage(ctx)
  expect(r.errors).toEqual([])
  return parse(r.html)
}

describe('search', () => {
  it('shows the query box, the count and results with excerpts', () => {
    const d = doc(loadContext('search-results'))
    expect(attr(d, '.search-page input[name="q"]', 'value')).toBe('kiln <b>')
    expect(text(d, '.search-summary')).toBe('2 results for “kiln <b>”')
    expect(count(d, '.search-result')).toBe(2)
    expect(text(d, '.search-result-excerpt')).toBe('The first firing took thirty hours <hot>.')
    expect(count(d, '.search-result-excerpt hot')).toBe(0)
    expect(text(d, '.search-result-collection')).toBe('Journal')
  })
  it("says 'No results' when nothing matches", () => {
    const d = doc(loadContext('search-empty'))
    expect(text(d, '.search-summary')).toBe('No results for “unicorns”.')
    expect(text(d, '.search-empty p')).toBe('No results')
  })
  it('shows only the query box before a search', () => {
    const d = doc(loadContext('search-blank'))
    expect(count(d, '.search-page form[role="search"]')).toBe(1)
    expect(count(d, '.search-results')).toBe(0)
  })
})

describe('system pages', () => {
  it('not found: the escaped path, a search box and a way home', () => {
    const d = doc(loadContext('not-found'))
    expect(text(d, 'h1')).toBe('Page not found')
    expect(text(d, '.lede code')).toBe('/no-such-<page>')
    expect(count(d, '.system-not-found form[action="/search"]')).toBe(1)
    expect(attr(d, 'meta[name="robots"]', 'content')).toBe('noindex')
  })
  it('error: friendly and free of internals', () => {
    const { html } = renderPage(loadContext('error'))
    const d = parse(html)
    expect(text(d, 'h1')).toBe('Something went wrong')
    expect(html).not.toMatch(/stack|Error:|at .*\.ts/)
  })
  it("lock screen: 'This page is locked' and a password form posting to the page with the crumb", () => {
    const d = doc(loadContext('lock-screen'))
    expect(text(d, 'h1')).toBe('This page is locked')
    const form = d.querySelector('form[data-lock-form]')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/secret-garden?unlock'])
    expect(attr(form, 'input[name="crumb"]', 'value')).toBe('crumb-abc123')
    expect(attr(form, 'input[name="password"]', 'type')).toBe('password')
    expect(text(form, '[data-lock-error]')).toBe('That password is not right.')
    expect(attr(form, 'input[name="password"]', 'aria-invalid')).toBe('true')
  })
  it.each(['protected', 'member-denied'])("%s: 'This page available only site members'", (name) => {
    const d = doc(loadContext(name))
    expect(text(d, 'h1')).toBe('This page available only site members')
    // the member sign-in form in place
    expect(count(d, 'form')).toBe(1)
    expect(count(d, 'input[type="password"]')).toBe(1)
  })
  it('popup overlay: storage keys, version and form slot as data attributes', () => {
    const d = doc(loadContext('popup-overlay'))
    expect(count(d, '[data-popup-overlay]')).toBe(1) // the preview page shows it once, not again at the end of the body
    const o = d.querySelector('[data-popup-overlay]')!
    expect(o.getAttribute('data-storage-key-date-closed')).toBe('date-closed')
    expect(o.getAttribute('data-storage-key-version')).toBe('version')
    expect(o.getAttribute('data-storage-key-submitted')).toBe('submitted')
    expect(o.getAttribute('data-popup-version')).toBe('3')
    expect(count(o, '[data-popup-close]')).toBe(1)
    // the form has not been resolved (deleted or not set up): the overlay offers its button instead of a dead form
    expect(count(o, 'form')).toBe(0)
    expect(text(o, '[data-popup-submit]')).toBe('Sign me up')
  })
  it('popup overlay: its newsletter form is a real site form (the forms client saves it), with the overlay button text', () => {
    const ctx = loadContext('popup-overlay')
    const popup = ctx.popupOverlay as Record<string, unknown>
    const form = {
      id: 'form_news', name: 'Newsletter', submitButtonText: 'Submit', submissionMessage: 'Thank you!', submissionHtml: '',
      successRedirect: '', disclaimerMessage: '', isNewsletter: true,
      captcha: { enabled: false, provider: 'altcha', siteKey: '', theme: 'light', alignment: 'left' },
      fields: [{ id: 'email', type: 'email', title: 'Email Address', required: true }],
    }
    const d = doc({ ...ctx, popupOverlay: { ...popup, form } })
    const o = d.querySelector('[data-popup-overlay]')!
    expect(count(o, '[data-popup-form] [data-form-slot] [data-form-wrapper] form[data-site-form][data-newsletter]')).toBe(1)
    expect(attr(o, 'form[data-site-form]', 'data-form-id')).toBe('form_news')
    expect(attr(o, 'form[data-site-form]', 'action')).toBeNull()
    expect(text(o, '[data-form-submit]')).toBe('Sign me up')
    expect(count(o, '[data-popup-submit]')).toBe(0)
  })
  it('a page with a popup overlay carries it hidden at the end of the body', () => {
    const d = doc(loadContext('splash-home'))
    const o = d.querySelector('body > [data-popup-overlay]')!
    expect(o.hasAttribute('hidden')).toBe(true)
  })
})

describe('index and splash', () => {
  it('index lists the child collections', () => {
    const d = doc(loadContext('index-folder'))
    expect(count(d, '.index-card')).toBe(2)
    expect(text(d, '.index-card-title')).toBe('Studio')
    expect(text(d, '.index-card-count')).toBe('5 items')
  })
  it('splash shows a cover with the image, title and two calls to action', () => {
    const d = doc(loadContext('splash-home'))
    expect(text(d, '.cover-title')).toBe('Made slowly, by the sea')
    expect(attr(d, '.cover-media img', 'fetchpriority')).toBe('high')
    expect([...d.querySelectorAll('.cover-actions a')].map((a) => a.getAttribute('href'))).toEqual(['/about', '/journal'])
    expect(d.body.classList.contains('homepage')).toBe(true)
  })
})

describe('escaping', () => {
  const evil = '<script>alert("x")</script>'
  const attrEvil = '" onmouseover="alert(1)'
  it('escapes titles, names and attributes from the context', () => {
    const ctx = loadContext('blog-item')
    const hostile: Context = {
      ...ctx,
      page: { ...(ctx.page as object), title: evil, description: attrEvil, canonicalUrl: attrEvil },
      website: { ...(ctx.website as object), siteTitle: evil },
      item: { ...(ctx.item as object), title: evil, tags: [evil], categories: [attrEvil], author: { displayName: evil } },
      comments: [{ id: 'c1', authorName: evil, body: evil, createdOn: 1749950000000, likeCount: 0 }],
      navigation: { main: [{ title: evil, fullUrl: attrEvil, active: false, folder: false }], footer: [] },
    }
    const { html, errors } = renderPage(hostile)
    expect(errors).toEqual([])
    expect(html).not.toContain('<script>alert')
    const d = parse(html)
    expect(d.title).toBe(evil)
    expect(count(d, 'script')).toBe(1) // only the storefront module
    expect(count(d, '[onmouseover]')).toBe(0)
    expect(text(d, 'h1.item-title')).toBe(evil)
    expect(text(d, '.comment-author')).toBe(evil)
  })
  it('escapes the search query and the 404 path', () => {
    const search = loadContext('search-results')
    const d = doc({ ...search, search: { query: evil, total: 0, results: [] } })
    expect(count(d, 'script')).toBe(1)
    expect(text(d, '.search-summary')).toContain(evil)
    const nf = doc({ ...loadContext('not-found'), requestPath: `/${evil}` })
    expect(count(nf, 'script')).toBe(1)
  })
})
