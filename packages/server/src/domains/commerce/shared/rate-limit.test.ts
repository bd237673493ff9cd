import { describe, expect, it } from 'vitest'
import { createLimiter, memoryCounter, type HitCounter } from './rate-limit.js'

describe('the visitor cart and checkout limiter', () => {
  it('answers 429 with the spec text past the window maximum', async () => {
    let t = 0
    const limiter = createLimiter({ max: 2, windowMs: 10_000 }, memoryCounter(() => t))
    await limiter.hit('a')
    await limiter.hit('a')
    await expect(limiter.hit('a')).rejects.toMatchObject({ type: 'rate_limited', message: 'Please try again in a few seconds.', details: { retryAfter: 10 } })
    await limiter.hit('b')
    t = 10_000
    await limiter.hit('a')
  })

  it('counts nothing when the limit is lifted', async () => {
    let calls = 0
    const counter: HitCounter = async () => {
      calls++
      return { count: 1, resetMs: 1 }
    }
    const limiter = createLimiter({ max: Number.MAX_SAFE_INTEGER, windowMs: 1000 }, counter)
    for (let i = 0; i < 5; i++) await limiter.hit('a')
    expect(calls).toBe(0)
    await createLimiter({ max: 5, windowMs: 1000 }, counter).hit('a')
    expect(calls).toBe(1)
  })
})
