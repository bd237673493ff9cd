import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.js'

describe('rate limiter', () => {
  it('allows `limit` hits per window, then tells how long to wait', () => {
    let now = 1_000_000
    const rl = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => now)
    for (let i = 0; i < 3; i++) {
      expect(rl.hit(['a'])).toEqual({ ok: true })
      now += 1000
    }
    expect(rl.hit(['a'])).toEqual({ ok: false, retryAfterSeconds: 57 })
    expect(rl.hit(['b'])).toEqual({ ok: true }) // other keys are separate
    now += 57_000 // the first hit leaves the window
    expect(rl.hit(['a'])).toEqual({ ok: true })
    expect(rl.hit(['a'])).toEqual({ ok: false, retryAfterSeconds: 1 })
  })

  it('refuses when any key is over and then counts none of them', () => {
    let now = 0
    const rl = createRateLimiter({ limit: 1, windowMs: 10_000 }, () => now)
    expect(rl.hit(['ip:1', 'visitor:x'])).toEqual({ ok: true })
    expect(rl.hit(['ip:2', 'visitor:x'])).toMatchObject({ ok: false })
    now += 1
    expect(rl.hit(['ip:2'])).toEqual({ ok: true }) // ip:2 was not counted by the refused hit
  })

  it('forgets expired keys and bounds the number of keys', () => {
    let now = 0
    const rl = createRateLimiter({ limit: 5, windowMs: 1000 }, () => now, 10)
    for (let i = 0; i < 50; i++) rl.hit([`k${i}`])
    expect(rl.size).toBeLessThanOrEqual(11)
    now += 5000
    rl.hit(['fresh'])
    for (let i = 0; i < 11; i++) rl.hit([`n${i}`])
    expect(rl.size).toBeLessThanOrEqual(11)
  })
})
