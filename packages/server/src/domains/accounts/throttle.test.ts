import { describe, expect, it } from 'vitest'
import { MAX_FAILURES, WINDOW_MS, retryAfterSeconds } from './throttle.js'

describe('retryAfterSeconds', () => {
  const start = new Date('2030-01-01T00:00:00Z')
  it('lets attempts through below the limit', () => {
    expect(retryAfterSeconds([{ failures: MAX_FAILURES - 1, windowStartedAt: start }], start.getTime())).toBe(0)
  })
  it('blocks at the limit until the window ends', () => {
    const now = start.getTime() + 60_000
    expect(retryAfterSeconds([{ failures: MAX_FAILURES, windowStartedAt: start }], now)).toBe((WINDOW_MS - 60_000) / 1000)
  })
  it('lets attempts through once the window has ended', () => {
    expect(retryAfterSeconds([{ failures: 50, windowStartedAt: start }], start.getTime() + WINDOW_MS)).toBe(0)
  })
})
