import { describe, expect, it, vi } from 'vitest'
import { startTags, TAG_EVENTS, tagScriptUrl } from '../src/tracking/tags.js'

function fakeWindow() {
  const appended: { src?: string; async?: boolean }[] = []
  const win = { document: { createElement: () => ({}), head: { append: (el: { src?: string }) => appended.push(el) } } } as unknown as Window & { dataLayer?: unknown[]; sitewrightPixel?: (e: string, f: unknown) => void }
  return { win, appended }
}

describe('owner tag and pixel hooks', () => {
  it('loads only an https tag address, with the tag id as `id`', () => {
    expect(tagScriptUrl({ tagUrl: 'https://tags.example.com/t.js', analyticsTag: 'G-123' })).toBe('https://tags.example.com/t.js?id=G-123')
    expect(tagScriptUrl({ tagUrl: 'https://tags.example.com/t.js?id=X', analyticsTag: 'G-123' })).toBe('https://tags.example.com/t.js?id=X')
    expect(tagScriptUrl({ tagUrl: 'http://tags.example.com/t.js' })).toBe('')
    expect(tagScriptUrl({ tagUrl: 'javascript:alert(1)' })).toBe('')
    expect(tagScriptUrl({})).toBe('')
  })

  it('nothing configured: no script, no hooks', () => {
    const { win, appended } = fakeWindow()
    expect(startTags(win, { tagUrl: '', pixelId: '' })).toBeNull()
    expect(appended).toEqual([])
    expect(win.dataLayer).toBeUndefined()
  })

  it('each hook pushes its event to dataLayer and calls the pixel function with the ids', () => {
    const { win, appended } = fakeWindow()
    const pixel = vi.fn()
    win.sitewrightPixel = pixel
    const fire = startTags(win, { tagUrl: 'https://tags.example.com/t.js', analyticsTag: 'G-1', pixelId: 'px-9' })!
    expect(appended).toEqual([{ async: true, src: 'https://tags.example.com/t.js?id=G-1' }])
    fire('add-to-cart', { item_id: 'p1', item_quantity: 2 })
    fire('registration')
    expect(win.dataLayer).toEqual([
      { event: 'add_to_cart', item_id: 'p1', item_quantity: 2, tag_id: 'G-1', pixel_id: 'px-9' },
      { event: 'sign_up', tag_id: 'G-1', pixel_id: 'px-9' },
    ])
    expect(pixel).toHaveBeenCalledWith('add_to_cart', { item_id: 'p1', item_quantity: 2, tag_id: 'G-1', pixel_id: 'px-9' })
    pixel.mockImplementation(() => {
      throw new Error('owner script broke')
    })
    expect(() => fire('purchase', { order_number: '7' })).not.toThrow()
    expect(Object.keys(TAG_EVENTS).sort()).toEqual(['add-to-cart', 'newsletter-lead', 'purchase', 'registration', 'search', 'view-product', 'visit-pdp'])
  })
})
