// SPEC.md section 3 "Enumerations" and "Other": every id the specification prints, exactly, in the one table that
// holds it; and the tables complete (sizes, ranges, no id used twice).
import { describe, expect, it } from 'vitest'
import {
  ALL_BLOCK_TYPES, ANY_BLOCK_NAME_OF_TYPE, BACKGROUND_SOURCE, BREAKPOINTS, breakpointOf, BLOCK_NAME_OF_TYPE, BLOCK_TYPES, BLOCK_VARIANT_IDS, COLLECTION_TYPES,
  CONTENT_GENERATOR_TYPES, EDITOR_SLICE_TYPES, FOLDER_BEHAVIOR, GALLERY_MEDIA_TYPES, MAX_COLLECTION_TYPE, MAX_RECORD_TYPE, POSITIONS,
  PRODUCT_TYPES, PROMOTED_BLOCK_TYPES, RECORD_TYPES, SLICE_TYPES, SLIDE_TYPES, STORED_ACTIONS_KEY, SURVEY_COHORTS,
} from '../src/enums.js'
import { EXTERNAL_SERVICE_PROVIDERS, SOCIAL_SERVICES, SOCIAL_SERVICE_PROVIDERS, socialServiceId } from '../src/providers.js'
import { currencyOf } from '../src/currencies.js'
import { STORE_CURRENCIES } from '../src/money.js'
import { BILLING_UNITS, PERIODS_PER_YEAR } from '../src/product-types.js'

const unique = (values: readonly number[]) => new Set(values).size === values.length

describe('block types', () => {
  it('has the ids SPEC.md prints, about 60 in all, no id twice', () => {
    expect(ALL_BLOCK_TYPES).toMatchObject({
      navigation: 1, html: 2, logo: 3, map: 4, image: 5, gallery: 8, form: 9, comments: 16, folder: 17, menu: 18, summary: 20, spacer: 21,
      embed: 22, code: 23, video: 32, search: 33, audio: 41, product: 43, markdown: 44, newsletter: 51, donation: 52, button: 53,
      'member-area': 67, accordion: 69,
    })
    const ids = Object.values(ALL_BLOCK_TYPES)
    expect(ids.length).toBeGreaterThanOrEqual(55)
    expect(ids.length).toBeLessThanOrEqual(75)
    expect(unique(ids)).toBe(true)
    // the feature-gated ones of SPEC.md section 6 are named
    for (const n of ['amazon', 'donation', 'menu', 'reservation-booking']) expect(ALL_BLOCK_TYPES).toHaveProperty(n)
  })

  it('the built block types are a subset with the same ids, both ways mapped', () => {
    for (const [name, id] of Object.entries(BLOCK_TYPES)) {
      expect(ALL_BLOCK_TYPES[name as keyof typeof ALL_BLOCK_TYPES]).toBe(id)
      expect(BLOCK_NAME_OF_TYPE.get(id)).toBe(name)
    }
    expect(ANY_BLOCK_NAME_OF_TYPE.get(26)).toBe('amazon')
    expect(BLOCK_NAME_OF_TYPE.get(26)).toBeUndefined()
  })

  it('block variant ids are 1000 and 1002 to 1019, clear of every block type', () => {
    expect(BLOCK_VARIANT_IDS).toEqual([1000, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019])
    for (const v of BLOCK_VARIANT_IDS) expect(ANY_BLOCK_NAME_OF_TYPE.get(v)).toBeUndefined()
  })
})

describe('collections, records, slices, slides', () => {
  it('collection types: the printed ids, every id 1 to 24 named once', () => {
    expect(COLLECTION_TYPES).toMatchObject({ GENERIC: 1, SUBSCRIPTION: 2, TEMPLATE_PAGE: 7, SPLASH_PAGE: 8, PAGE: 10, PRODUCTS: 13 })
    expect(MAX_COLLECTION_TYPE).toBe(24)
    expect(Object.values(COLLECTION_TYPES).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1))
  })

  it('folder behaviour index 1, redirect 2, none 3, variation; background sources', () => {
    expect(FOLDER_BEHAVIOR).toEqual({ INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 })
    expect(BACKGROUND_SOURCE).toEqual({ UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 })
  })

  it('record types: the printed ids, up to lesson 62', () => {
    expect(RECORD_TYPES).toMatchObject({
      text: 1, image: 2, quote: 4, link: 5, audio: 7, video: 8, review: 10, 'store-item': 11, event: 12, gallery: 14, 'digital-good': 18, lesson: 62,
    })
    expect(MAX_RECORD_TYPE).toBe(62)
    expect(Math.max(...Object.values(RECORD_TYPES))).toBe(62)
    expect(unique(Object.values(RECORD_TYPES))).toBe(true)
  })

  it('slice types heading 1 ... twitter 19, and the editor slices', () => {
    expect(SLICE_TYPES).toMatchObject({ heading: 1, body: 3, image: 4, gallery: 5, video: 6, twitter: 19 })
    expect(Object.values(SLICE_TYPES).sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1))
    expect(EDITOR_SLICE_TYPES).toEqual([
      'sub-heading', 'social-icons', 'buttons', 'navigation', 'custom-form', 'newsletter', 'album', 'map', 'lock', 'password', 'twitter', 'logo',
      'action', 'popup-overlay-action', 'temp-lock-inject',
    ])
  })

  it('slide types cover-page 1, lock-screen 2, popup-overlay 3', () => {
    expect(SLIDE_TYPES).toEqual({ COVER_PAGE: 1, LOCK_SCREEN: 2, POPUP_OVERLAY: 3 })
  })
})

describe('the other enumerations', () => {
  it('gallery item media types, generator types, 3x3 positions, survey cohorts, promoted blocks, product types', () => {
    expect(GALLERY_MEDIA_TYPES).toEqual(['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video'])
    expect(CONTENT_GENERATOR_TYPES).toEqual({ DEFAULT: 0, ICON: 1 })
    expect(POSITIONS).toHaveLength(9)
    expect(new Set(POSITIONS).size).toBe(9)
    expect(POSITIONS[0]).toBe('top-left')
    expect(POSITIONS[4]).toBe('center')
    expect(POSITIONS[8]).toBe('bottom-right')
    expect(SURVEY_COHORTS).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(PROMOTED_BLOCK_TYPES).toEqual(['map', 'embed', 'image', 'code', 'quote', 'twitter', 'link', 'video', 'foursquare', 'instagram', 'form'])
    expect(PRODUCT_TYPES).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 })
    expect(STORED_ACTIONS_KEY).toMatch(/\S/)
  })

  it('about 80 external-service providers, no id twice; the social services carry provider ids', () => {
    const ids = Object.values(EXTERNAL_SERVICE_PROVIDERS)
    expect(ids.length).toBeGreaterThanOrEqual(75)
    expect(ids.length).toBeLessThanOrEqual(85)
    expect(unique(ids)).toBe(true)
    expect(EXTERNAL_SERVICE_PROVIDERS).toMatchObject({ 'facebook-unauth': 60, 'twitter-unauth': 62, 'instagram-unauth': 64, 'linkedin-unauth': 65, 'youtube-unauth': 69, 'tiktok-unauth': 82 })
    expect(SOCIAL_SERVICES).toHaveLength(11)
    for (const s of SOCIAL_SERVICES) expect(ids).toContain(SOCIAL_SERVICE_PROVIDERS[s])
    expect(socialServiceId('instagram')).toBe(64)
    expect(socialServiceId('x')).toBe(socialServiceId('twitter'))
    expect(socialServiceId('myspace')).toBe(0)
    expect(socialServiceId('toString')).toBe(0)
  })

  it('currencies carry code, name, fractionDigits and numericCode', () => {
    expect(currencyOf('usd')).toEqual({ code: 'USD', name: 'US Dollar', fractionDigits: 2, numericCode: '840' })
    expect(currencyOf('JPY')).toEqual({ code: 'JPY', name: 'Japanese Yen', fractionDigits: 0, numericCode: '392' })
    expect(currencyOf('EUR')?.numericCode).toBe('978')
    expect(currencyOf('XXX')).toBeNull()
    for (const code of STORE_CURRENCIES) {
      const c = currencyOf(code)!
      expect(c.numericCode).toMatch(/^\d{3}$/)
      expect(c.name).not.toBe('')
    }
    expect(new Set(STORE_CURRENCIES.map((c) => currencyOf(c)!.numericCode)).size).toBe(STORE_CURRENCIES.length)
  })
})

describe('breakpoints', () => {
  it('mobile up to 432 px, desktop from 433 px, a tablet width is desktop', () => {
    expect(BREAKPOINTS).toEqual({ mobile: { maxWidth: 432 }, desktop: { minWidth: 433 } })
    expect([320, 390, 432, 433, 768, 1024, 1280].map(breakpointOf)).toEqual(['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'desktop', 'desktop'])
  })
})

describe('subscription billing units', () => {
  it('periods per year WEEK 52, MONTH 12, YEAR 1', () => {
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 })
    expect(BILLING_UNITS).toEqual(['WEEK', 'MONTH', 'YEAR'])
  })
})
