import { describe, expect, it } from 'vitest'
import { GALLERY_DEFAULTS, galleryOptionsInput, normalizeGalleryOptions } from './gallery.js'
import { isGalleryOptionValue, restore, urlSlug, urlSlugWithSlash } from '@sitewright/contracts'

describe('restore()', () => {
  it('keeps a current layout as it is', () => {
    const doc = { v: 2, sections: [{ id: 'a', blocks: [{ id: 'b1', type: 2, v: 2, value: { html: '<p>x</p>' } }] }] }
    expect(restore('layout', doc)).toEqual(doc)
  })

  it('upgrades a v1 layout (flat blocks with type names and old value fields) to sections', () => {
    const v1 = {
      blocks: [
        { id: 'btn', typeName: 'button', value: { text: 'Go', href: '/shop', target: '_blank' } },
        { typeName: 'spacer', value: { size: 'large' } },
        { type: 31, value: { quote: 'Q', author: 'A' } },
        { typeName: 'no-such-block', value: {} },
        'garbage',
      ],
    }
    expect(restore('layout', v1)).toEqual({
      v: 2,
      sections: [
        {
          id: 's1',
          blocks: [
            { id: 'btn', type: 53, v: 2, value: { label: 'Go', url: '/shop', newWindow: true } },
            { id: 'b2', type: 21, v: 2, value: { height: 80 } },
            { id: 'b3', type: 31, v: 2, value: { text: 'Q', source: 'A' } },
          ],
        },
      ],
    })
  })

  it('a bare array is a v0 layout; anything else is an empty layout', () => {
    expect(restore('layout', [{ typeName: 'html', value: { html: 'x' } }]).sections[0]!.blocks[0]!.type).toBe(2)
    expect(restore('layout', null)).toEqual({ v: 2, sections: [] })
    expect(restore('layout', 'nonsense')).toEqual({ v: 2, sections: [] })
  })

  it('upgrades v1 gallery options (camelCase) and drops invalid values', () => {
    expect(restore('gallery', { design: 'slider', thumbnailsPerRow: 3, autoplayDuration: 99, aspectRatio: '16:9', bogus: 1 })).toEqual({
      v: 2,
      options: { design: 'slider', 'thumbnails-per-row': 3, 'aspect-ratio': '16:9' },
    })
    expect(restore('gallery', { v: 2, options: { padding: 10, 'max-width': 50 } })).toEqual({ v: 2, options: { padding: 10 } })
  })

  it('restore keeps a stored gallery option exactly when the owner input rule accepts it on its own', () => {
    const samples: [string, unknown][] = [
      ['design', 'slider'], ['design', 'mosaic'], ['autoplay', true], ['autoplay', 'true'], ['padding', 0], ['padding', 50],
      ['padding', 51], ['padding', 2.5], ['padding', Number.NaN], ['aspect-ratio', '16:9'], ['aspect-ratio', '5:4'],
      ['aspect-ratio', 60], ['aspect-ratio', 201], ['meta-position', 'top-left'], ['lightboxTheme', 'grey'], ['bogus', 1],
    ]
    for (const [k, v] of samples) expect([k, isGalleryOptionValue(k, v)]).toEqual([k, galleryOptionsInput.safeParse({ [k]: v }).success])
  })

  it('restores a single block and its gallery options', () => {
    expect(restore('block', { id: 'g', typeName: 'gallery', value: { options: { thumbnailsPerRow: 2 } } })).toEqual({ id: 'g', type: 8, v: 2, value: { options: { 'thumbnails-per-row': 2 } } })
    expect(restore('block', { typeName: 'nope' })).toBeNull()
  })

  it('normalizeGalleryOptions fills the gallery defaults and ignores out-of-range numbers', () => {
    expect(normalizeGalleryOptions({})).toEqual(GALLERY_DEFAULTS)
    expect(GALLERY_DEFAULTS).toMatchObject({ design: 'grid', autoplay: false, 'autoplay-duration': 5, 'thumbnail-strip-height': 80, 'thumbnail-strip-margin': 20, 'thumbnails-per-row': 4, padding: 20, 'max-width': 300, 'aspect-ratio': '1:1', 'meta-position': 'bottom', 'active-alignment': 'center', lightboxTheme: 'dark', 'auto-crop': true })
    expect(normalizeGalleryOptions({ padding: 51, 'thumbnails-per-row': 10, design: 'stacked' })).toMatchObject({ padding: 20, 'thumbnails-per-row': 10, design: 'stacked' })
  })

  it('the slider\'s aspect ratio: default 50 (percent), a percentage or a ratio; a percentage only for sliders', () => {
    expect(normalizeGalleryOptions({ design: 'slider' })['aspect-ratio']).toBe(50)
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': 75 })['aspect-ratio']).toBe(75)
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': '16:9' })['aspect-ratio']).toBe('16:9')
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': 5 })['aspect-ratio']).toBe(50) // out of range
    expect(normalizeGalleryOptions({ design: 'grid', 'aspect-ratio': 75 })['aspect-ratio']).toBe('1:1')
    expect(galleryOptionsInput.safeParse({ design: 'slider', 'aspect-ratio': 60 }).success).toBe(true)
    expect(galleryOptionsInput.safeParse({ 'aspect-ratio': 60 }).success).toBe(true)
    expect(galleryOptionsInput.safeParse({ design: 'grid', 'aspect-ratio': 60 }).success).toBe(false)
    expect(galleryOptionsInput.safeParse({ design: 'slider', 'aspect-ratio': 60.5 }).success).toBe(false)
    expect(galleryOptionsInput.safeParse({ design: 'slider', 'aspect-ratio': 201 }).success).toBe(false)
    expect(galleryOptionsInput.safeParse({ 'aspect-ratio': '5:4' }).success).toBe(false)
  })
})

describe('slug filters', () => {
  it('url-slug', () => {
    expect(urlSlug('Hello, World!')).toBe('hello-world')
    expect(urlSlug('  Café & Crème brûlée ')).toBe('cafe-and-creme-brulee')
    expect(urlSlug("Don't stop")).toBe('dont-stop')
    expect(urlSlug('a/b')).toBe('a-b')
    expect(urlSlug('---')).toBe('')
  })

  it('url-slug-with-slash keeps single slashes between segments', () => {
    expect(urlSlugWithSlash('/Galleries//Studio Grid/')).toBe('galleries/studio-grid')
    expect(urlSlugWithSlash('a / b c')).toBe('a/b-c')
    expect(urlSlugWithSlash('//')).toBe('')
  })
})
