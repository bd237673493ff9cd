// @vitest-environment jsdom
// Each sample context (test/contexts, shaped as CONTEXT.md) renders through its body template and the layout with
// zero template errors and the markup the page kind promises.
import { describe, expect, it } from 'vitest'
import { attr, count, parse, text } from './dom.js'
import { contextNames, loadContext, pickTemplate, renderPage } from './theme.js'

function page(name: string) {
  const ctx = loadContext(name)
  const r = renderPage(ctx)
  return { ctx, ...r, doc: parse(r.html) }
}

describe('every sample context', () => {
  it.each(contextNames())('%s renders body + layout with zero errors', (name) => {
    const ctx = loadContext(name)
    expect(pickTemplate(ctx)).toBe(ctx.template)
    const { errors, html } = renderPage(ctx)
    expect(errors).toEqual([])
    const doc = parse(html)
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(doc.documentElement.getAttribute('lang')).toBe('en-US')
    expect(count(doc, 'main#content')).toBe(1)
    expect(doc.querySelector('main#content')!.children.length).toBeGreaterThan(0)
  })
})

describe('layout (site.jsont)', () => {
  const { doc } = page('page-all-blocks')
  it('has title, description, canonical and Open Graph tags', () => {
    expect(doc.title).toBe('About — Harbor & Pine')
    expect(attr(doc, 'meta[name="description"]', 'content')).toBe('Who we are & what we make.')
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe('http://demo.localhost:3000/about')
    expect(attr(doc, 'meta[property="og:title"]', 'content')).toBe('About — Harbor & Pine')
    expect(attr(doc, 'meta[property="og:image"]', 'content')).toContain('/files/demo/img_1/harbor.jpg')
    expect(attr(doc, 'meta[property="og:type"]', 'content')).toBe('website')
  })
  it('loads the theme CSS and the storefront module (deferred: type=module)', () => {
    expect(attr(doc, 'link[rel="stylesheet"]', 'href')).toBe('/assets/theme/site.css')
    const script = doc.querySelector('script[type="module"]')!
    expect(script.getAttribute('src')).toBe('/assets/storefront/storefront.js')
    // module scripts are deferred by the HTML spec (a `defer` attribute would be ignored)
    expect(script.hasAttribute('async')).toBe(false)
    expect(doc.head.contains(script)).toBe(true)
  })
  it('has body classes from the page type and collection', () => {
    expect([...doc.body.classList]).toEqual(expect.arrayContaining(['template-page', 'page-type-2', 'collection-type-page', 'url-about']))
  })
  it('renders the main navigation with folders as <details> dropdowns and a no-JS mobile toggle', () => {
    expect(count(doc, 'nav.site-nav > ul > li')).toBe(7)
    expect(text(doc, '.nav-folder summary')).toBe('Galleries')
    expect(count(doc, '.nav-folder .nav-dropdown-list a')).toBe(2)
    expect(attr(doc, 'input.nav-toggle', 'type')).toBe('checkbox')
    expect(attr(doc, 'label.nav-toggle-label', 'for')).toBe('nav-toggle')
  })
  it('renders the footer navigation and social links', () => {
    expect(count(doc, '.footer-nav a')).toBe(2)
    expect(attr(doc, '.site-footer .social-instagram', 'href')).toBe('https://instagram.com/harborpine')
    expect(text(doc, '.footer-legal')).toBe('© 2025 Harbor & Pine')
  })
})

describe('page with every block type', () => {
  const { doc } = page('page-all-blocks')
  const kinds = ['html', 'markdown', 'image', 'spacer', 'quote', 'button', 'gallery', 'summary', 'embed', 'code', 'video', 'search',
    'audio', 'product', 'newsletter', 'form', 'accordion', 'map', 'menu', 'social-links', 'chart']
  it.each(kinds)('renders a %s block', (kind) => {
    const block = doc.querySelector(`.block-${kind}`)
    expect(block).not.toBeNull()
    expect(block!.innerHTML.trim()).not.toBe('')
  })
  it('image: srcset, sizes, dimensions, alt, focal point and caption', () => {
    const img = doc.querySelector('.block-image img')!
    expect(img.getAttribute('srcset')).toContain('/files/demo/img_1/harbor.jpg?format=1500w 1500w')
    expect(img.getAttribute('sizes')).toContain('100vw')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1067'])
    expect(img.getAttribute('alt')).toBe('Boats in the harbor at dawn')
    expect(img.getAttribute('data-image-focal-point')).toBe('0.3,0.7')
    // the image's own colour (its colorData) behind it while it loads
    expect(img.getAttribute('style')).toBe('--fx:0.3;--fy:0.7;--ph:#e0e4e8')
    expect(text(doc, '.block-image figcaption')).toBe('The harbor at dawn')
  })
  it('code: escaped, with a language class and line numbers', () => {
    expect(attr(doc, '.block-code code', 'class')).toBe('language-javascript')
    expect(text(doc, '.block-code code')).toBe('if (a < b && c) { return "<done>" }')
    expect(doc.querySelector('.block-code pre')!.classList.contains('line-numbers')).toBe(true)
  })
  it('summary: a grid of item cards and a carousel', () => {
    expect(count(doc, '.summary-grid .item-card')).toBe(1)
    expect(count(doc, '.summary-carousel[data-carousel] [data-carousel-slide]')).toBe(1)
  })
  it('video: oembed facade with a plain link fallback', () => {
    expect(attr(doc, '.block-video [data-video-play]', 'href')).toBe('https://www.youtube.com/watch?v=abc123')
    expect(attr(doc, '.block-video [data-video]', 'data-html')).toContain('youtube-nocookie.com/embed/abc123')
  })
  it('audio: a native audio player', () => {
    expect(attr(doc, '.block-audio audio', 'src')).toBe('/files/demo/aud_1/kiln-sounds.mp3')
  })
  it('product: price and add-to-cart slot', () => {
    expect(text(doc, '.block-product .product-price')).toBe('$32.00')
    expect(attr(doc, '.block-product .sqs-add-to-cart-button', 'data-item-id')).toBe('prod_1')
  })
  it('newsletter and form: slots with their form ids', () => {
    expect(attr(doc, '.block-newsletter form', 'data-form-id')).toBe('form_news')
    expect(attr(doc, '.block-form [data-form-block]', 'data-form-id')).toBe('form_contact')
  })
  it('accordion: <details> items', () => {
    expect(count(doc, '.block-accordion details')).toBe(2)
    expect(doc.querySelectorAll('.block-accordion details')[1]!.hasAttribute('open')).toBe(true)
  })
  it('map: a map link only when mappable (latitude and longitude)', () => {
    expect(attr(doc, '#block-b_map .map-card', 'href')).toContain('mlat=43.6591')
    expect(count(doc, '#block-b_map_unmappable .map-card')).toBe(0)
    expect(text(doc, '#block-b_map_unmappable address')).toBe('Somewhere without coordinates')
  })
  it('chart: an accessible table with proportional bars', () => {
    expect(count(doc, '.block-chart table th[scope="row"]')).toBe(2)
    expect(text(doc, '.block-chart tbody tr td')).toBe('120')
    expect(attr(doc, '.block-chart figure', 'style')).toBe('--chart-max:340')
  })
  it('menu, social links, quote, button, spacer, search', () => {
    expect(text(doc, '.block-menu .menu-item-price')).toBe('$3')
    expect(count(doc, '.block-social-links a.social-link')).toBe(2)
    expect(text(doc, '.block-quote blockquote')).toBe('Clay remembers everything.')
    expect(attr(doc, '.block-button a', 'href')).toBe('/shop')
    expect(attr(doc, '.block-spacer .spacer', 'style')).toBe('height:48px')
    expect(attr(doc, '.block-search form', 'action')).toBe('/search')
  })
})
