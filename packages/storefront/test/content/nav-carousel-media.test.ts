// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { autoplaySeconds, enhanceCarousel } from '../../src/content/carousel.js'
import { galleryImages, initGalleries } from '../../src/content/gallery.js'
import { CONTENT_MODULES, initContent } from '../../src/content/index.js'
import { openLightbox } from '../../src/content/lightbox.js'
import { iframeSrc, initCode, initVideos } from '../../src/content/media.js'
import { initNav } from '../../src/content/nav.js'
import { page } from './helpers.js'

afterEach(() => vi.useRealTimers())

describe('navigation', () => {
  const NAV = `<input type="checkbox" data-nav-toggle id="t"><nav data-site-nav><ul>
    <li><details data-nav-dropdown id="a"><summary>A</summary></details></li>
    <li><details data-nav-dropdown id="b"><summary>B</summary></details></li></ul></nav><p id="out">x</p>`
  it('syncs aria-expanded with the mobile toggle and closes it on Escape', () => {
    page(NAV)
    expect(initNav(document, {})).toBe(1)
    const toggle = document.querySelector<HTMLInputElement>('[data-nav-toggle]')!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    toggle.click()
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(toggle.checked).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
  it('closes folder dropdowns on a click elsewhere and on Escape', () => {
    page(NAV)
    initNav(document, {})
    const a = document.querySelector<HTMLDetailsElement>('#a')!
    a.open = true
    document.querySelector<HTMLElement>('#out')!.click()
    expect(a.open).toBe(false)
    a.open = true
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(a.open).toBe(false)
  })
})

const SLIDES = (attrs: string) => `<div data-carousel ${attrs}><div><ul data-carousel-track>
  <li data-carousel-slide id="s1"></li><li data-carousel-slide id="s2"></li><li data-carousel-slide id="s3"></li></ul>
  <button data-carousel-prev></button><button data-carousel-next></button></div>
  <ol><li><a data-carousel-thumb href="#s1"></a></li><li><a data-carousel-thumb href="#s2"></a></li><li><a data-carousel-thumb href="#s3"></a></li></ol></div>`

describe('carousel', () => {
  it('moves with the buttons, wraps around and marks the current thumbnail', () => {
    page(SLIDES(''))
    const c = enhanceCarousel(document.querySelector('[data-carousel]')!)!
    expect(document.querySelector<HTMLElement>('[data-carousel]')!.dataset.enhanced).toBe('true')
    document.querySelector<HTMLElement>('[data-carousel-next]')!.click()
    expect(c.index()).toBe(1)
    expect(document.querySelectorAll('[data-carousel-thumb]')[1]!.getAttribute('aria-current')).toBe('true')
    document.querySelector<HTMLElement>('[data-carousel-prev]')!.click()
    document.querySelector<HTMLElement>('[data-carousel-prev]')!.click()
    expect(c.index()).toBe(2)
    document.querySelectorAll<HTMLElement>('[data-carousel-thumb]')[0]!.click()
    expect(c.index()).toBe(0)
  })
  it('autoplays with the configured delay, default 5 s, clamped to 1..10', () => {
    expect([autoplaySeconds('7'), autoplaySeconds(undefined), autoplaySeconds('0'), autoplaySeconds('11')]).toEqual([7, 5, 5, 5])
    vi.useFakeTimers()
    page(SLIDES('data-autoplay="true" data-autoplay-duration="2"'))
    const c = enhanceCarousel(document.querySelector('[data-carousel]')!)!
    vi.advanceTimersByTime(1999)
    expect(c.index()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(c.index()).toBe(1)
    document.querySelector('[data-carousel]')!.dispatchEvent(new Event('mouseenter'))
    vi.advanceTimersByTime(4000)
    expect(c.index()).toBe(1)
    c.stop()
  })
  it('does not autoplay without data-autoplay', () => {
    vi.useFakeTimers()
    page(SLIDES(''))
    const c = enhanceCarousel(document.querySelector('[data-carousel]')!)!
    vi.advanceTimersByTime(60_000)
    expect(c.index()).toBe(0)
  })
})

const GALLERY = `<div data-gallery data-lightbox="true" data-lightbox-theme="light">
  <figure><a data-lightbox-item href="/a.jpg"><img alt="A" srcset="/a.jpg?format=500w 500w"></a><figcaption class="gallery-meta">Bowl</figcaption></figure>
  <figure><a data-lightbox-item href="/b.jpg"><img alt="B"></a></figure></div>`

describe('gallery lightbox', () => {
  it('collects the images of a gallery', () => {
    page(GALLERY)
    const { images } = galleryImages(document.querySelector('[data-gallery]')!)
    expect(images).toEqual([
      { src: '/a.jpg', srcset: '/a.jpg?format=500w 500w', alt: 'A', caption: 'Bowl' },
      { src: '/b.jpg', srcset: null, alt: 'B', caption: 'B' },
    ])
  })
  it('opens on click (lazy chunk), steps with arrows and closes on Escape with focus back', async () => {
    page(GALLERY)
    expect(initGalleries(document, {})).toBe(1)
    const link = document.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')[1]!
    link.click()
    await vi.waitFor(() => expect(document.querySelector('.lightbox')).not.toBeNull())
    const box = document.querySelector<HTMLElement>('.lightbox')!
    expect(box.dataset.theme).toBe('light')
    expect(box.getAttribute('role')).toBe('dialog')
    expect(box.querySelector('img')!.getAttribute('src')).toBe('/b.jpg')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }))
    expect(box.querySelector('img')!.getAttribute('src')).toBe('/a.jpg')
    expect(box.querySelector('.lightbox-caption')!.textContent).toBe('Bowl')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(document.querySelector('.lightbox')).toBeNull()
    expect(document.activeElement).toBe(link)
  })
  it('leaves galleries with the lightbox off alone', () => {
    page(GALLERY.replace('data-lightbox="true"', 'data-lightbox="false"'))
    expect(initGalleries(document, {})).toBe(0)
    expect(openLightbox(document, [], 0, 'dark')).toBeNull()
  })
})

describe('video and code', () => {
  it('takes only an https iframe src from oembed html', () => {
    expect(iframeSrc(document, '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><script>bad()</script>')).toBe(
      'https://www.youtube-nocookie.com/embed/x',
    )
    expect(iframeSrc(document, '<iframe src="javascript:alert(1)"></iframe>')).toBeNull()
    expect(iframeSrc(document, '<iframe src="http://insecure.example/x"></iframe>')).toBeNull()
    expect(iframeSrc(document, '<p>no frame</p>')).toBeNull()
  })
  it('replaces the facade with the player on click', () => {
    page(`<div data-video data-html='&lt;iframe src="https://player.example/v/1"&gt;&lt;/iframe&gt;'><a data-video-play href="https://example/watch">Play video: Bowl</a></div>`)
    expect(initVideos(document, {})).toBe(1)
    document.querySelector<HTMLElement>('[data-video-play]')!.click()
    const iframe = document.querySelector('iframe')!
    expect(iframe.getAttribute('src')).toBe('https://player.example/v/1?autoplay=1')
    expect(iframe.title).toBe('Play video: Bowl')
    expect(document.querySelector('[data-video-play]')).toBeNull()
  })
  it('splits numbered code blocks into lines, keeping the text', () => {
    page(`<pre class="line-numbers"><code>a &lt; b\nreturn 1\n</code></pre>`)
    expect(initCode(document, {})).toBe(1)
    const lines = [...document.querySelectorAll('.code-line')].map((l) => l.textContent)
    expect(lines).toEqual(['a < b', 'return 1'])
  })
})

describe('initContent', () => {
  it('loads only the modules whose markup is on the page', async () => {
    page(SLIDES('') + `<pre class="line-numbers"><code>x</code></pre>`)
    const counts = await initContent(document, {})
    expect(counts).toEqual({ nav: 0, carousels: 1, code: 1 })
    expect(Object.keys(CONTENT_MODULES)).toEqual(['carousels', 'galleries', 'likes', 'comments', 'lock', 'popups', 'albums', 'videos', 'code'])
  })
  it('is idempotent', async () => {
    page(SLIDES(''))
    await initContent(document, {})
    expect(await initContent(document, {})).toEqual({ nav: 0, carousels: 0 })
  })
})
