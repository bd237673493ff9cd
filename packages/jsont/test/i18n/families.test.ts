// The last formatter families of issue 32 in plain assertions (the fixtures under test/fixtures/i18n, content and
// commerce hold the full cases): message plural categories and number spacing for en-US, fr-FR and pl-PL, fr-FR
// intervals, migrate-datetime, image-meta without some metadata and the deprecated cart-subtotal.
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'

const out = (template: string, json: unknown, locale = 'en-US') => {
  const r = render(template, { json, locale })
  expect(r.errors).toEqual([])
  return r.output
}
const PLURAL = '{0 plural zero{ZERO} one{ONE} two{TWO} few{FEW} many{MANY} other{OTHER}}'
const categories = (locale: string, ns: unknown[]) =>
  out('{.repeated section n}{m|message @} {.end}', { n: ns, m: PLURAL }, locale).trim().split(' ')

describe('message plurals', () => {
  it('en-US, fr-FR and pl-PL categories (a written fraction, "1.0", has v=1)', () => {
    expect(categories('en-US', [0, 1, '1.0', 2])).toEqual(['OTHER', 'ONE', 'OTHER', 'OTHER'])
    expect(categories('fr-FR', [0, '1.0', 1.5, 2, 1_000_000])).toEqual(['ONE', 'ONE', 'ONE', 'OTHER', 'MANY'])
    expect(categories('pl-PL', [1, 2, 4, 5, 12, 22, '2.0'])).toEqual(['ONE', 'FEW', 'FEW', 'MANY', 'MANY', 'FEW', 'OTHER'])
  })

  it("a category with no branch prints nothing (the reference's rule, no fallback to other)", () => {
    const m = 'you have {0} item{0 plural other{s}}'
    expect(out('{m|plural n}', { m, n: 1 })).toBe('you have 1 item')
    expect(out('{m|plural n}', { m, n: 3 })).toBe('you have 3 items')
  })

  it('number spacing: fr-FR groups with U+202F, pl-PL with U+00A0 from 5 digits', () => {
    const m = '{0 decimal}'
    expect(out('{m|message n}', { m, n: 1234567.5 })).toBe('1,234,567.5')
    expect(out('{m|message n}', { m, n: 1234567.5 }, 'fr-FR')).toBe('1\u202f234\u202f567,5')
    expect(out('{m|message n}', { m, n: 1234 }, 'fr-FR')).toBe('1\u202f234')
    expect(out('{m|message n}', { m, n: 1234567.5 }, 'pl-PL')).toBe('1\u00a0234\u00a0567,5')
    expect(out('{m|message n}', { m, n: 1234 }, 'pl-PL')).toBe('1234')
  })
})

describe('fr-FR intervals', () => {
  const paris = (s: number, e: number, args = '') =>
    out(`{s,e|datetime-interval${args}}`, { website: { timeZone: 'Europe/Paris' }, s, e }, 'fr-FR')
  it('dates, one month (no space round the dash), two times of one day in 24 hours; U+2009 thin spaces round the dash', () => {
    expect(paris(1525198211000, 1531678211000)).toBe('1 mai\u2009–\u200915 juil. 2018')
    expect(paris(1509647217000, 1510641417000)).toBe('2–14 nov. 2017')
    expect(paris(1525604400000, 1525626000000)).toBe('13:00\u2009–\u200919:00')
  })
  it('a date skeleton for two times of one day prints both dates in the fallback', () => {
    expect(paris(1525604400000, 1525626000000, ' yMMMd')).toBe('6 mai 2018\u2009–\u20096 mai 2018')
  })
})

describe('migrate-datetime', () => {
  it("two bare skeletons add up: 'yMMMd hm' formats as yMMMdhm", () => {
    expect(out('{t|datetime yMMMd hm}', { t: 1700000000000 })).toBe('Nov 14, 2023, 5:13\u202fPM')
    expect(out('{t|datetime date:long time:hmv}', { t: 1700000000000 })).toBe('November 14, 2023 at 5:13\u202fPM ET')
  })
})

describe('image-meta and cart-subtotal', () => {
  it('an image without url, size, focal point or title prints empty attributes, 0.5,0.5 and the filename', () => {
    expect(out('{@|image-meta}', { filename: 'a.jpg', licensedAssetPreview: false })).toBe(
      'data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="a.jpg"',
    )
    expect(out('{@|image-meta}', { licensedAssetPreview: {} })).toMatch(/^data-licensed-asset-preview="true" /)
  })
  it("cart-subtotal is deprecated: 'deprecated, do not use' whatever it reads", () => {
    expect(out('{c|cart-subtotal}|{x|cart-subtotal}', { c: { subtotalCents: 100 } })).toBe('deprecated, do not use|deprecated, do not use')
  })
})
