import { describe, expect, it } from 'vitest'
import { addImages, galleryLinks, moveImage, removeImage, replaceImage, setImageLink } from './galleryModel.js'

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
