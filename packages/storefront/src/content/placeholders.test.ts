// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { dropPlaceholders } from './placeholders.js'

describe('image placeholders', () => {
  it('keeps the colour on an image still loading and drops it when it loads', () => {
    document.body.innerHTML = '<img class="image" style="--fx:0.5;--fy:0.5;--ph:#aabbcc"><img class="image" style="--fx:0.5">'
    const [loading, plain] = [...document.querySelectorAll('img')]
    expect(dropPlaceholders(document)).toBe(1)
    expect(loading!.style.getPropertyValue('--ph')).toBe('#aabbcc')
    loading!.dispatchEvent(new Event('load'))
    expect(loading!.style.getPropertyValue('--ph')).toBe('')
    expect(loading!.style.getPropertyValue('--fx')).toBe('0.5')
    expect(plain!.getAttribute('style')).toBe('--fx:0.5')
  })
})
