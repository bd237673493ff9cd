import { describe, expect, it } from 'vitest'
import { accepts } from './serve.js'

describe('accepts', () => {
  it('takes a listed type with a non-zero q, not a wildcard', () => {
    expect(accepts('image/avif,image/webp,*/*;q=0.8', 'image/avif')).toBe(true)
    expect(accepts('image/webp, image/avif ; q=0.5', 'image/avif')).toBe(true)
    expect(accepts('image/avif;q=0,image/webp', 'image/avif')).toBe(false)
    expect(accepts('image/*,*/*;q=0.8', 'image/webp')).toBe(false)
    expect(accepts(undefined, 'image/webp')).toBe(false)
    expect(accepts('IMAGE/WEBP', 'image/webp')).toBe(true)
  })
})
