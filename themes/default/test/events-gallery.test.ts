// @vitest-environment jsdom
// Events (list, calendar, item) and galleries (four designs, options and their defaults).
import { describe, expect, it } from 'vitest'
import { attr, count, parse, text } from './dom.js'
import { loadContext, renderPage, type Context } from './theme.js'

const doc = (ctx: Context) => {
  const r = renderPage(ctx)
  expect(r.errors).toEqual([])
  return parse(r.html)
}
const withCollection = (ctx: Context, patch: object): Context => ({ ...ctx, collection: { ...(ctx.collection as object), ...patch } })

describe('events list', () => {
  const ctx = loadContext('events-list')
  const d = doc(ctx)
  it('shows upcoming and past events', () => {
    expect(count(d, '.events-upcoming .event-card')).toBe(2)
    expect(count(d, '.events-past .event-card')).toBe(1)
  })
  it('writes same-day ranges as one date with a time range, multi-day ranges as two dates', () => {
    expect(text(d, '[data-item-id="open-studio"] .event-when')).toBe('Friday, June 20, 2025 6:00 – 9:00 PM')
    expect(text(d, '[data-item-id="raku-weekend"] .event-when')).toBe('Jun 28, 2025, 10:00 AM – Jun 29, 2025, 5:00 PM')
  })
  it('shows the location, a map link only when mappable, and an add-to-calendar link', () => {
    const open = d.querySelector('[data-item-id="open-studio"]')!
    expect(text(open, '.event-location')).toContain('12 Quay Street')
    expect(attr(open, '.event-map-link a', 'href')).toContain('mlat=43.6591&mlon=-70.2568')
    expect(attr(open, '.event-add-to-calendar', 'href')).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Open%20studio%20evening&dates=20250620T220000Z/20250621T010000Z&location=12%20Quay%20Street%2C%20Portland%2C%20ME%2004101%2C%20US',
    )
    expect(count(d, '[data-item-id="raku-weekend"] .event-map-link')).toBe(0)
  })
  it('honours showPastOrUpcomingEvents', () => {
    const upcoming = doc(withCollection(ctx, { showPastOrUpcomingEvents: 'upcoming' }))
    expect([count(upcoming, '.events-upcoming'), count(upcoming, '.events-past')]).toEqual([1, 0])
    const past = doc(withCollection(ctx, { showPastOrUpcomingEvents: 'past' }))
    expect([count(past, '.events-upcoming'), count(past, '.events-past')]).toEqual([0, 1])
    const none = doc({ ...withCollection(ctx, { showPastOrUpcomingEvents: 'past' }), events: { upcoming: [], past: [] } })
    expect(text(none, '.empty-state')).toBe('No past events.')
  })
})

describe('events calendar view', () => {
  const d = doc(loadContext('events-calendar'))
  it('renders a month grid (Monday first) with events on their days', () => {
    expect(text(d, '.calendar-title')).toBe('June 2025')
    expect([...d.querySelectorAll('.calendar-grid thead th')].map((th) => th.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    expect(count(d, '.calendar-grid tbody tr')).toBe(6) // June 2025: May 26 .. July 6
    expect(count(d, '.calendar-grid tbody td')).toBe(42)
    expect(attr(d, '.calendar-day-today', 'aria-current')).toBe('date')
    expect(text(d, '.calendar-day-today .calendar-day-number')).toBe('16')
    // the multi-day raku weekend shows on both days
    expect(count(d, '.calendar-events a[href="/events/raku-weekend"]')).toBe(2)
    expect(count(d, '.calendar-day-outside')).toBe(12)
    expect(count(d, '.events-upcoming')).toBe(0)
  })
})

describe('event item', () => {
  it('has the date range, location, add-to-calendar button and prev link', () => {
    const d = doc(loadContext('events-item'))
    expect(text(d, 'h1.item-title')).toBe('Raku weekend workshop')
    expect(count(d, '.event-header .event-when time')).toBe(2)
    expect(attr(d, '.event-header .event-add-to-calendar', 'href')).toContain('dates=20250628T140000Z/20250629T210000Z')
    expect(attr(d, '.post-nav a[rel="prev"]', 'href')).toBe('/events/open-studio')
  })
  it('same-day event with comments open and none yet says No Comments', () => {
    const d = doc(loadContext('events-item-same-day'))
    expect(count(d, '.event-header .event-when time')).toBe(1)
    expect(text(d, '.comments-title')).toBe('No Comments')
  })
})

describe('galleries', () => {
  it('grid with no options uses the defaults (4 per row, padding 20, square, lightbox dark, auto-crop on)', () => {
    const d = doc(loadContext('gallery-grid-defaults'))
    const g = d.querySelector('.gallery')!
    expect(g.classList.contains('gallery-grid')).toBe(true)
    expect(g.getAttribute('style')).toContain('--gallery-columns:4;--gallery-gap:20px;--gallery-strip-height:80px;--gallery-strip-margin:20px')
    expect(g.getAttribute('data-aspect-ratio')).toBe('square')
    expect(g.getAttribute('data-lightbox')).toBe('true')
    expect(g.getAttribute('data-lightbox-theme')).toBe('dark')
    expect(g.getAttribute('data-auto-crop')).toBe('true')
    expect(g.getAttribute('data-meta-position')).toBe('bottom')
    expect(g.hasAttribute('data-autoplay')).toBe(false)
    expect(count(d, '.gallery-grid-item a[data-lightbox-item] img[srcset]')).toBe(5)
    expect(count(d, '.gallery-meta')).toBe(0)
  })
  it("an image with the owner's link (clickthroughUrl) links there instead of opening the lightbox", () => {
    const ctx = loadContext('gallery-grid-defaults')
    const items = (ctx.items as Record<string, unknown>[]).map((it, i) => (i === 1 ? { ...it, clickthroughUrl: '/shop' } : it))
    const d = doc({ ...ctx, items })
    const links = [...d.querySelectorAll('.gallery-grid-item a.gallery-link')]
    expect(links[1]!.getAttribute('href')).toBe('/shop')
    expect(links[1]!.hasAttribute('data-lightbox-item')).toBe(false)
    expect(links[0]!.hasAttribute('data-lightbox-item')).toBe(true)
    expect(count(d, '.gallery-grid-item a[data-lightbox-item]')).toBe(4)
  })
  it('slideshow: autoplay with its delay, controls, thumbnails strip, meta and light lightbox', () => {
    const d = doc(loadContext('gallery-slideshow'))
    const g = d.querySelector('.gallery')!
    expect(g.classList.contains('gallery-slideshow')).toBe(true)
    expect([g.getAttribute('data-autoplay'), g.getAttribute('data-autoplay-duration')]).toEqual(['true', '7'])
    expect(g.hasAttribute('data-carousel')).toBe(true)
    expect(count(d, '[data-carousel-track] [data-carousel-slide]')).toBe(5)
    expect(count(d, '[data-carousel-prev]')).toBe(1)
    expect(count(d, '.slideshow-thumbnails a[href="#slide-gi_1"]')).toBe(1)
    expect(g.getAttribute('style')).toContain('--gallery-strip-height:60px')
    expect(g.getAttribute('data-meta-position')).toBe('bottom-left')
    expect(g.getAttribute('data-lightbox-theme')).toBe('light')
    expect(text(d, '#slide-gi_1 .gallery-meta')).toBe('Bowl Bowl, glazed in sea green.')
  })
  it('slider: left alignment, no controls when off, padding 0 kept, auto-crop off', () => {
    const d = doc(loadContext('gallery-slider'))
    const g = d.querySelector('.gallery')!
    expect(g.classList.contains('gallery-slider')).toBe(true)
    expect(g.getAttribute('data-active-alignment')).toBe('left')
    expect(count(d, '[data-carousel-prev]')).toBe(0)
    expect(g.getAttribute('style')).toContain('--gallery-gap:0px')
    expect(g.getAttribute('data-auto-crop')).toBe('false')
    expect(g.hasAttribute('data-autoplay')).toBe(false)
  })
  it('slider: height in percent of the width (default 50; 10 to 200) sets the track ratio', () => {
    const ratio = (value: unknown) => {
      const base = loadContext('gallery-slider')
      const c = base.collection as { galleryOptions?: object }
      const d = doc(withCollection(base, { galleryOptions: { ...c.galleryOptions, 'aspect-ratio': value } }))
      return d.querySelector('.slider-track')!.getAttribute('style')
    }
    expect(ratio(75)).toBe('aspect-ratio:100 / 75')
    expect(ratio(undefined)).toBe('aspect-ratio:100 / 50')
    expect(ratio(5)).toBe('aspect-ratio:100 / 50')
    expect(ratio('3:2')).toBe('aspect-ratio:100 / 50')
  })
  it('stacked: every image, titles only, lightbox off, out-of-range per-row falls back to 4', () => {
    const d = doc(loadContext('gallery-stacked'))
    const g = d.querySelector('.gallery')!
    expect(g.classList.contains('gallery-stacked')).toBe(true)
    expect(count(d, '.gallery-stacked-item img')).toBe(5)
    expect(text(d, '#gallery-item-gi_1 .gallery-meta')).toBe('Bowl')
    expect(g.getAttribute('data-lightbox')).toBe('false')
    expect(g.getAttribute('style')).toContain('--gallery-columns:4;')
  })
  it('gallery item page shows the full image and next link', () => {
    const d = doc(loadContext('gallery-item'))
    expect(attr(d, '.gallery-item-figure img', 'sizes')).toBe('100vw')
    expect(attr(d, '.post-nav a[rel="next"]', 'href')).toBe('/galleries/studio/mug')
  })
})
