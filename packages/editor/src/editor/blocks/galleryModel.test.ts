import { describe, expect, it } from 'vitest'
import { addAccount, addImages, feedUrlProblem, galleryAccounts, galleryLinks, gallerySource, moveImage, removeAccount, removeImage, replaceImage, setImageLink } from './galleryModel.js'

describe('gallery block images', () => {
  const value = { imageIds: ['a', 'b', 'c', 'd'], links: { b: '/shop', x: '/gone', c: '' } }

  it('reorders by moving one image to a new place', () => {
    expect(moveImage(value, 0, 2)).toEqual({ imageIds: ['b', 'c', 'a', 'd'] })
    expect(moveImage(value, 3, 0)).toEqual({ imageIds: ['d', 'a', 'b', 'c'] })
    expect(moveImage(value, 1, 99)).toEqual({ imageIds: ['a', 'c', 'd', 'b'] })
    expect(moveImage(value, 9, 0)).toEqual({ imageIds: ['a', 'b', 'c', 'd'] })
  })

  it('adds many images at once in order', () => {
    expect(addImages({ imageIds: ['a'] }, ['b', 'c'])).toEqual({ imageIds: ['a', 'b', 'c'] })
    expect(addImages({}, ['b'])).toEqual({ imageIds: ['b'] })
  })

  it('keeps a link per image: set, clear, dropped with its image, carried to a cropped copy', () => {
    expect(galleryLinks(value)).toEqual({ b: '/shop', x: '/gone' })
    expect(setImageLink(value, 'a', 'https://example.com')).toEqual({ links: { b: '/shop', x: '/gone', a: 'https://example.com' } })
    expect(setImageLink(value, 'b', '')).toEqual({ links: { x: '/gone' } })
    expect(removeImage(value, 1)).toEqual({ imageIds: ['a', 'c', 'd'], links: {} })
    expect(replaceImage(value, 'b', 'b2')).toEqual({ imageIds: ['a', 'b2', 'c', 'd'], links: { b2: '/shop' } })
  })
})

describe('gallery block connected accounts', () => {
  const feed = (i: number) => ({ provider: 'rss' as const, feedUrl: `https://photos.example.com/${i}.json` })
  it('adds accounts up to 20 and refuses the 21st', () => {
    let v: Record<string, unknown> = {}
    for (let i = 0; i < 20; i++) v = { ...v, ...addAccount(v, feed(i))! }
    expect(galleryAccounts(v)).toHaveLength(20)
    expect(addAccount(v, feed(20))).toBeNull()
    expect(galleryAccounts({ ...v, ...removeAccount(v, 0) })[0]!.feedUrl).toBe('https://photos.example.com/1.json')
    expect(addAccount({}, { provider: 'flickr', feedUrl: ' https://www.flickr.com/f ', title: '  Harbour ' })).toEqual({ accounts: [{ provider: 'flickr', feedUrl: 'https://www.flickr.com/f', title: 'Harbour' }] })
  })

  it('checks feed addresses: http(s) with a host, not connected twice', () => {
    const v = { accounts: [feed(1)] }
    expect(feedUrlProblem(v, 'https://photos.example.com/2.json')).toBe('')
    expect(feedUrlProblem(v, 'ftp://photos.example.com/2')).toMatch(/^Enter the address/)
    expect(feedUrlProblem(v, 'photos')).toMatch(/^Enter the address/)
    expect(feedUrlProblem(v, feed(1).feedUrl)).toBe('This account is already connected.')
    expect(gallerySource({ source: 'accounts' })).toBe('accounts')
    expect(gallerySource({})).toBe('images')
  })
})
