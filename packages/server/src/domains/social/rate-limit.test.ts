import { describe, expect, it } from 'vitest'
import { memoryHitCounter } from '../../platform/counters.js'
import { createRateLimiter } from './rate-limit.js'

describe('rate limiter', () => {
  it('allows `limit` hits per window, then tells how long until the window ends', async () => {
    let now = 1_000_000
    const rl = createRateLimiter('comments', { limit: 3, windowMs: 60_000 }, memoryHitCounter(() => now))
    for (let i = 0; i < 3; i++) {
      expect(await rl.hit(['a'])).toEqual({ ok: true })
      now += 1000
    }
    expect(await rl.hit(['a'])).toEqual({ ok: false, retryAfterSeconds: 57 })
    expect(await rl.hit(['b'])).toEqual({ ok: true }) // other keys are separate
    now += 57_000 // the window ended
    expect(await rl.hit(['a'])).toEqual({ ok: true })
  })

  it('refuses when any key is over; scopes count apart', async () => {
    const now = 0
    const counter = memoryHitCounter(() => now)
    const rl = createRateLimiter('likes', { limit: 1, windowMs: 10_000 }, counter)
    expect(await rl.hit(['ip:1', 'visitor:x'])).toEqual({ ok: true })
    expect(await rl.hit(['ip:2', 'visitor:x'])).toEqual({ ok: false, retryAfterSeconds: 10 })
    expect(await createRateLimiter('comments', { limit: 1, windowMs: 10_000 }, counter).hit(['visitor:x'])).toEqual({ ok: true })
  })

  it('one counter behind two limiters (two nodes) holds one limit', async () => {
    const shared = memoryHitCounter(() => 0)
    const nodeA = createRateLimiter('comments', { limit: 2, windowMs: 1000 }, shared)
    const nodeB = createRateLimiter('comments', { limit: 2, windowMs: 1000 }, shared)
    expect(await nodeA.hit(['k'])).toEqual({ ok: true })
    expect(await nodeB.hit(['k'])).toEqual({ ok: true })
    expect((await nodeA.hit(['k'])).ok).toBe(false)
  })
})
