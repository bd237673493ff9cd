import { describe, expect, it } from 'vitest'
import { clampOption, defaultGalleryOptions, isOptionVisible, normalizeGalleryOptions, sliderAspect, visibleOptions } from './options.js'

describe('gallery options', () => {
  it('has the gallery defaults (grid, 4 per row, padding 20, square, dark lightbox)', () => {
    expect(defaultGalleryOptions()).toMatchObject({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'thumbnails-per-row': 4,
      padding: 20,
      'max-width': 300,
      'aspect-ratio': '1:1',
      'meta-position': 'bottom',
      'active-alignment': 'center',
      lightboxTheme: 'dark',
      'auto-crop': true,
    })
  })

  it('clamps numbers into the option ranges', () => {
    expect(clampOption('autoplay-duration', 0)).toBe(1)
    expect(clampOption('autoplay-duration', 11)).toBe(10)
    expect(clampOption('thumbnail-strip-height', 500)).toBe(200)
    expect(clampOption('thumbnail-strip-margin', -3)).toBe(0)
    expect(clampOption('thumbnails-per-row', 12)).toBe(10)
    expect(clampOption('padding', 51)).toBe(50)
    expect(clampOption('max-width', 50)).toBe(100)
    expect(clampOption('padding', 'x')).toBe(20)
  })

  it('shows autoplay-duration only with autoplay', () => {
    const o = { ...defaultGalleryOptions('slideshow') }
    expect(isOptionVisible('autoplay', o)).toBe(true)
    expect(isOptionVisible('autoplay-duration', o)).toBe(false)
    expect(isOptionVisible('autoplay-duration', { ...o, autoplay: true })).toBe(true)
    // a grid never autoplays, so neither option shows there even when set
    expect(isOptionVisible('autoplay-duration', { ...defaultGalleryOptions('grid'), autoplay: true })).toBe(false)
  })

  it('shows thumbnail settings only with thumbnails', () => {
    const o = { ...defaultGalleryOptions('slideshow'), thumbnails: false }
    const thumbs = ['thumbnail-strip-height', 'thumbnail-strip-margin', 'square-thumbs'] as const
    for (const k of thumbs) expect(isOptionVisible(k, o)).toBe(false)
    for (const k of thumbs) expect(isOptionVisible(k, { ...o, thumbnails: true })).toBe(true)
    expect(visibleOptions(defaultGalleryOptions('grid'))).toContain('thumbnails-per-row')
    expect(visibleOptions(defaultGalleryOptions('grid'))).not.toContain('thumbnail-strip-height')
    expect(visibleOptions(defaultGalleryOptions('slideshow'))).toContain('thumbnail-strip-height')
  })

  it('normalizes stored options: unknown values fall back, numbers clamp', () => {
    const o = normalizeGalleryOptions({ design: 'stacked', padding: 99, 'meta-position': 'middle', lightbox: 'true' })
    expect(o).toMatchObject({ design: 'stacked', padding: 50, 'meta-position': 'bottom', lightbox: true })
    expect(normalizeGalleryOptions({ 'aspect-ratio': '16:9' })['aspect-ratio']).toBe('16:9')
    expect(normalizeGalleryOptions({ 'aspect-ratio': '5:1' })['aspect-ratio']).toBe('1:1')
    expect(normalizeGalleryOptions({ 'aspect-ratio': 'square' })['aspect-ratio']).toBe('1:1')
  })

  it('a slider\'s aspect ratio is a percentage, default 50, offered for sliders', () => {
    expect(defaultGalleryOptions('slider')['aspect-ratio']).toBe(50)
    expect(isOptionVisible('aspect-ratio', defaultGalleryOptions('slider'))).toBe(true)
    expect(isOptionVisible('aspect-ratio', defaultGalleryOptions('slideshow'))).toBe(false)
    expect(normalizeGalleryOptions({ design: 'slider' })['aspect-ratio']).toBe(50)
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': 75 })['aspect-ratio']).toBe(75)
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': 999 })['aspect-ratio']).toBe(200)
    expect(normalizeGalleryOptions({ design: 'slider', 'aspect-ratio': '16:9' })['aspect-ratio']).toBe(56)
    expect(normalizeGalleryOptions({ design: 'grid', 'aspect-ratio': 75 })['aspect-ratio']).toBe('1:1')
    expect(sliderAspect('2.40')).toBe(42)
    expect(sliderAspect('x')).toBe(50)
  })
})
