// @vitest-environment jsdom
// The gallery lightbox's fit: contained and centred; an image taller than the window keeps a top margin of 50;
// re-fitted 100 ms after the last resize (fake timers, no waiting).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIGHTBOX_RESIZE_DELAY_MS, LIGHTBOX_TOP_MARGIN_PX, lightboxLayout, openLightbox } from '../../src/content/lightbox.js'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('lightbox fit', () => {
  it('has the spec values: resize 100 ms, top margin 50', () => {
    expect([LIGHTBOX_RESIZE_DELAY_MS, LIGHTBOX_TOP_MARGIN_PX]).toEqual([100, 50])
  })

  it('centres an image that fits and gives one taller than the window a top margin of 50', () => {
    expect(lightboxLayout({ width: 800, height: 400 }, { width: 1000, height: 800 })).toEqual({ width: 800, height: 400, top: 200 })
    expect(lightboxLayout({ width: 2000, height: 1000 }, { width: 1000, height: 800 })).toEqual({ width: 1000, height: 500, top: 150 })
    expect(lightboxLayout({ width: 1000, height: 3000 }, { width: 1000, height: 800 })).toEqual({ width: 250, height: 750, top: 50 })
    expect(lightboxLayout({ width: 0, height: 0 }, { width: 1000, height: 800 })).toEqual({ width: 0, height: 0, top: 0 })
  })

  it('re-fits 100 ms after the last resize, not before, and stops listening once closed', () => {
    vi.useFakeTimers()
    const box = openLightbox(document, [{ src: '/tall.jpg', srcset: null, alt: 'Tall', caption: '' }], 0, 'dark')!
    const img = box.element.querySelector<HTMLImageElement>('.lightbox-image')!
    const stage = box.element.querySelector<HTMLElement>('.lightbox-stage')!
    Object.defineProperty(img, 'naturalWidth', { value: 1000 })
    Object.defineProperty(img, 'naturalHeight', { value: 3000 })
    const size = { w: 1000, h: 800 }
    Object.defineProperty(stage, 'clientWidth', { get: () => size.w })
    Object.defineProperty(stage, 'clientHeight', { get: () => size.h })
    img.dispatchEvent(new Event('load'))
    expect([img.style.width, img.style.height, img.style.marginTop]).toEqual(['250px', '750px', '50px'])

    size.h = 2000
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(60)
    window.dispatchEvent(new Event('resize')) // the delay starts again
    vi.advanceTimersByTime(99)
    expect(img.style.height).toBe('750px')
    vi.advanceTimersByTime(1)
    expect([img.style.width, img.style.height, img.style.marginTop]).toEqual(['650px', '1950px', '50px'])

    size.w = 2000
    size.h = 4000
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(LIGHTBOX_RESIZE_DELAY_MS)
    expect([img.style.width, img.style.height, img.style.marginTop]).toEqual(['1000px', '3000px', '500px'])

    box.close()
    size.h = 100
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(LIGHTBOX_RESIZE_DELAY_MS)
    expect(img.style.height).toBe('3000px')
  })
})
