import { describe, expect, it } from 'vitest'
import { average, countLabel, countOf, escapeReviewText, parseRating, photoOf, productImageOf, reviewerName, sourceNote, stars, withoutShown } from './model.js'

describe('review rules', () => {
  it('reads ratings 1 to 5 from numbers and numeric strings', () => {
    expect(parseRating(4)).toBe(4)
    expect(parseRating('3')).toBe(3)
    expect(parseRating(' 5 ')).toBe(5)
    expect(parseRating('9')).toBe(5)
    expect(parseRating(0)).toBe(1)
    expect(parseRating('four')).toBeNull()
    expect(parseRating('')).toBeNull()
    expect(parseRating(null)).toBeNull()
  })

  it('draws five stars with full, half and quarter variants', () => {
    expect(stars(5)).toEqual(['full', 'full', 'full', 'full', 'full'])
    expect(stars(3)).toEqual(['full', 'full', 'full', 'empty', 'empty'])
    expect(stars(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty'])
    expect(stars(4.25)).toEqual(['full', 'full', 'full', 'full', 'quarter'])
    expect(stars(4.2)).toEqual(['full', 'full', 'full', 'full', 'quarter'])
    expect(stars(1.6)).toEqual(['full', 'half', 'empty', 'empty', 'empty'])
    expect(stars(4.9)).toEqual(['full', 'full', 'full', 'full', 'full'])
    expect(average([{ starRating: 5 }, { starRating: '4' }, { starRating: 'x' }])).toBe(4.5)
    expect(average([])).toBeNull()
  })

  it("labels counts '{n} Review(s)', '{n} Store Review(s)' and '1000+ Store Reviews' above 999", () => {
    expect(countLabel(1, false)).toBe('1 Review(s)')
    expect(countLabel(2, false)).toBe('2 Review(s)')
    expect(countLabel(0, false)).toBe('0 Review(s)')
    expect(countLabel(1, true)).toBe('1 Store Review(s)')
    expect(countLabel(999, true)).toBe('999 Store Review(s)')
    expect(countLabel(1000, true)).toBe('1000+ Store Reviews')
  })

  it('counts one fetched page of up to 1000, and more than 999 when a further page exists', () => {
    const list = (n: number) => Array.from({ length: n }, () => ({ starRating: 5 }))
    expect(countOf({ productReviews: list(12), nextPage: null })).toBe(12)
    expect(countOf({ productReviews: list(1000), nextPage: 1 })).toBe(1000)
    expect(countLabel(countOf({ productReviews: list(1000), nextPage: 1 }), true)).toBe('1000+ Store Reviews')
  })

  it('escapes < > " \' / (and &) in review text', () => {
    expect(escapeReviewText(`<img src=x onerror="a('b')">/&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&#x2F;&amp;')
  })

  it('names the reviewer, shows the first product image and photo, and marks Etsy reviews', () => {
    expect(reviewerName({ starRating: 5, userName: 'Ann B.' })).toBe('Ann B.')
    expect(reviewerName({ starRating: 5, userFirstName: 'Ann', userLastName: 'Bell' })).toBe('Ann Bell')
    expect(reviewerName({ starRating: 5, userLoginName: 'annb' })).toBe('annb')
    expect(productImageOf({ starRating: 5, importedProductImageUrls: ['https://a/1.jpg', 'https://a/2.jpg'] })).toBe('https://a/1.jpg')
    expect(productImageOf({ starRating: 5, etsyImageUrls: ['https://e/1.jpg'] })).toBe('https://e/1.jpg')
    expect(productImageOf({ starRating: 5, importedProductImageUrls: ['javascript:alert(1)'] })).toBeUndefined()
    expect(photoOf({ starRating: 5, importedImageUrls: ['https://p/1.jpg', 'https://p/2.jpg'] })).toBe('https://p/1.jpg')
    expect(sourceNote({ starRating: 5, sourceType: 'ETSY' })).toBe('Posted on Etsy')
    expect(sourceNote({ starRating: 5, sourceType: 'NATIVE' })).toBeNull()
    expect(withoutShown([{ id: 'a', starRating: 1 }, { id: 'b', starRating: 2 }], new Set(['a']))).toEqual([{ id: 'b', starRating: 2 }])
  })
})
