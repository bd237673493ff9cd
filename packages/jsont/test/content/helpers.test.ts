import { describe, expect, it } from 'vitest'
import {
  DESCRIPTION_MAX,
  INVALID_SIZE_MESSAGE,
  RESPONSIVE_WIDTHS,
  altText,
  brightness,
  calendarTime,
  calendarUrl,
  classSlug,
  colorWeight,
  commentCountListText,
  commentCountText,
  commentsEnabled,
  disqusShortname,
  focalPoint,
  heightForWidth,
  imageMeta,
  isDark,
  itemClasses,
  parseHex,
  parseSize,
  sameDay,
  srcset,
  summaryView,
  thumbnailBand,
  websiteColor,
  widthForHeight,
} from '../../src/plugins/content/index.js'
import { activateTwitterLinks, socialUserName } from '../../src/plugins/content/social.js'

describe('image sizes', () => {
  it('parses WxH and rejects anything else', () => {
    expect(parseSize('800x400')).toEqual({ width: 800, height: 400 })
    for (const bad of ['800', 800, '0x10', 'x', '', undefined, '10x']) expect(parseSize(bad)).toBeUndefined()
    expect(INVALID_SIZE_MESSAGE).toBe("Invalid source parameter. Pass in 'originalSize'")
  })
  it('scales and bands thumbnails up to 100, 300, 500, 750, 1000, else 1500w', () => {
    const size = { width: 250, height: 175 }
    expect(heightForWidth(size, 50)).toBe(35)
    expect(widthForHeight(size, 50)).toBe(71)
    const cases: [number, string][] = [
      [1, '100w'], [100, '100w'], [101, '300w'], [300, '300w'], [301, '500w'], [500, '500w'],
      [501, '750w'], [750, '750w'], [751, '1000w'], [1000, '1000w'], [1001, '1500w'], [5000, '1500w'],
    ]
    for (const [w, band] of cases) expect(thumbnailBand(w)).toBe(band)
    expect(RESPONSIVE_WIDTHS).toEqual(['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'])
  })
  it('defaults the focal point to 0.5,0.5', () => {
    expect(focalPoint({})).toBe('0.5,0.5')
    expect(focalPoint({ mediaFocalPoint: { x: 0.1 } })).toBe('0.1,0.5')
  })
})

describe('image alt text and meta', () => {
  it('prefers altText on image blocks, then title, body, filename', () => {
    const img = { altText: '', title: 'T', body: 'B', filename: 'F' }
    const opts = { useAltText: true, bodyMax: 1000, collapse: false }
    expect(altText(img, opts)).toBe('')
    expect(altText(img, { ...opts, useAltText: false })).toBe('T')
    expect(altText({ body: '<b>x</b>' }, opts)).toBe(' x ')
    expect(altText({ filename: 'F' }, opts)).toBe('F')
  })
  it('truncates the description at 1000 characters', () => {
    const body = 'a'.repeat(DESCRIPTION_MAX + 50)
    expect(DESCRIPTION_MAX).toBe(1000)
    expect(imageMeta({ body, assetUrl: '/a.jpg' })).toContain(`alt="${'a'.repeat(1000)}"`)
  })
  it('escapes attribute values', () => {
    const meta = imageMeta({ title: '"><script>', assetUrl: '/a.jpg?x=1&y=2' })
    expect(meta).toContain('alt="&quot;&gt;&lt;script&gt;"')
    expect(meta).toContain('data-src="/a.jpg?x=1&amp;y=2"')
    expect(imageMeta(undefined)).toBe('')
  })
  it('builds srcset from width variants, adding the original as 2500w', () => {
    expect(srcset({ assetUrl: '/i', systemDataVariants: '900x600,100w' })).toBe(
      'srcset="/i?format=100w 100w,/i?format=original 2500w"',
    )
    expect(srcset({ assetUrl: '/i', systemDataVariants: '150w' })).toBe('srcset="/i?format=150w 150w"')
    expect(srcset({ assetUrl: '/i', systemDataVariants: '' })).toBe('')
  })
})

describe('colours', () => {
  it('accepts hex colours of 3 or 6 digits only', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 })
    expect(parseHex('102030')).toEqual({ r: 16, g: 32, b: 48 })
    for (const bad of ['#ffff', '#fffff', '#ggg', '', 12]) expect(parseHex(bad)).toBeUndefined()
    expect(colorWeight('#ffff')).toBe('')
  })
  it('is light above 8388607.5 and dark below brightness 166.4', () => {
    expect(colorWeight('#800000')).toBe('light') // 8388608
    expect(colorWeight('#7fffff')).toBe('dark') // 8388607
    expect(isDark(parseHex('#a6a6a6')!)).toBe(true) // brightness 166
    expect(brightness(parseHex('#a7a7a7')!)).toBe(167)
    expect(isDark(parseHex('#a7a7a7')!)).toBe(false)
  })
  it('formats website colours and reports bad ones', () => {
    expect(websiteColor({ hue: 10, saturation: 0.5, lightness: 0.25 })).toBe('hsl(10, 50%, 25%)')
    expect(websiteColor({ hue: 10, saturation: 0.5 })).toBe('Missing an H/S/L value.')
    expect(websiteColor({ hue: -1, saturation: 0.5, lightness: 0.5, alpha: 1 })).toBe('Hue out of bounds.')
  })
})

describe('calendar', () => {
  it('prints UTC times as yyyyMMddTHHmmssZ', () => {
    expect(calendarTime(Date.UTC(2020, 0, 2, 3, 4, 5))).toBe('20200102T030405Z')
    expect(calendarTime('x')).toBe('')
  })
  it('builds the link from title, dates and location', () => {
    const url = calendarUrl({
      title: 'A & B',
      startDate: Date.UTC(2020, 0, 2, 3, 4, 5),
      endDate: Date.UTC(2020, 0, 2, 4, 4, 5),
      location: { addressLine1: 'Main St', addressCountry: 'US' },
    })
    expect(url).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=A%20%26%20B&dates=20200102T030405Z/20200102T040405Z' +
        '&location=Main%20St%2C%20US',
    )
  })
  it('compares days in the site time zone', () => {
    const late = Date.UTC(2020, 0, 2, 3, 0, 0) // 2020-01-01 22:00 in New York
    const evening = Date.UTC(2020, 0, 1, 20, 0, 0)
    expect(sameDay(late, evening, 'America/New_York')).toBe(true)
    expect(sameDay(late, evening, 'UTC')).toBe(false)
    expect(sameDay(late, evening, 'Not/AZone')).toBe(true)
    expect(sameDay(undefined, evening, 'UTC')).toBe(false)
  })
})

describe('comments', () => {
  it('is enabled by commentState 1 or public comments, and forced off by website settings', () => {
    expect(commentsEnabled({ commentState: 1 }, undefined)).toBe(true)
    expect(commentsEnabled({ commentState: 2, publicCommentCount: 3 }, undefined)).toBe(true)
    expect(commentsEnabled({ commentState: 2, publicCommentCount: 0 }, undefined)).toBe(false)
    expect(commentsEnabled({ commentState: 1 }, { commentsEnabled: false })).toBe(false)
    expect(commentsEnabled({ commentState: 1 }, { commentsEnabled: true })).toBe(true)
  })
  it('words the count', () => {
    expect([0, 1, 2].map(commentCountText)).toEqual(['No Comments', '1 Comment', '2 Comments'])
    expect(commentCountListText(0)).toBe('No Comment(s)')
    expect(disqusShortname({ disqusShortName: 'x' })).toBe('x')
    expect(disqusShortname({ disqusShortname: '' })).toBe('')
  })
})

describe('summary form fields', () => {
  it('shows N/A for unanswered fields', () => {
    for (const type of ['address', 'date', 'name', 'phone', 'time', 'likert', 'checkbox', 'text']) {
      expect(summaryView({ type, rawTitle: 'T' })).toEqual({ title: 'T', value: 'N/A' })
    }
  })
  it('defaults missing time parts to 00', () => {
    expect(summaryView({ type: 'time', values: { Hour: '7' } }).value).toBe('7:00:00')
    expect(summaryView({ type: 'time', values: { Second: 5, Ampm: 'pm' } }).value).toBe('00:00:5 pm')
  })
  it('orders the parts of composite fields', () => {
    expect(summaryView({ type: 'date', values: { Year: 2000, Day: 2, Month: 1 } }).value).toBe('1/2/2000')
    expect(summaryView({ type: 'name', values: { Last: 'Doe', First: 'Jo' } }).value).toBe('Jo Doe')
    const phone = { Line: '4567', Prefix: '123', Areacode: '555', Country: '44' }
    expect(summaryView({ type: 'phone', values: phone }).value).toBe('+44 555-123-4567')
    const addr = { Country: 'US', Zip: '1', State: 'S', City: 'C', Line2: 'L2', Line1: 'L1' }
    expect(summaryView({ type: 'address', values: addr }).lines).toEqual([
      { text: 'L1' },
      { text: 'L2' },
      { text: 'C, S 1 US' },
    ])
    expect(summaryView({ type: 'likert', values: { Q: '-2', R: '0' } }).lines).toEqual([
      { label: 'Q', text: 'Strongly Disagree' },
      { label: 'R', text: 'Neutral' },
    ])
  })
})

describe('item classes and social', () => {
  it('slugs class names and adds store status only to store items', () => {
    expect(classSlug(' Foo  Bar/Baz ')).toBe('foo-bar-baz')
    const product = { structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } }
    expect(itemClasses({ ...product, recordType: 11 }, 2)).toBe('hentry article-index-2 on-sale sold-out')
    expect(itemClasses({ ...product, recordType: 1 }, undefined)).toBe('hentry')
  })
  it('finds user names and links tweets', () => {
    expect(socialUserName({ userName: '', profileUrl: 'https://twitter.com/abc/' })).toBe('abc')
    expect(socialUserName({ profileUrl: 'https://twitter.com' })).toBe('')
    expect(activateTwitterLinks('hi @a_b and #c, mail x@y.z')).toBe(
      'hi <a target="new" href="https://twitter.com/a_b/">@a_b</a> and ' +
        '<a target="new" href="https://twitter.com/hashtag/c?src=hash">#c</a>, mail x@y.z',
    )
  })
})
