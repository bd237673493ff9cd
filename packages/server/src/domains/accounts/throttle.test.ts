import { describe, expect, it } from 'vitest'
import { FORGET_MS, MAX_FAILURES, MAX_LOCK_MS, WINDOW_MS, liveState, lockMs, waitMs } from './throttle.js'

const start = new Date('2030-01-01T00:00:00Z')
const t = start.getTime()
const row = (failures: number, last = start, first = start) => ({
  failures,
  windowStartedAt: first,
  lastFailureAt: last,
})

describe('lockMs', () => {
  it('is 0 below the limit, the window at the limit, and doubles with each failure beyond, up to the cap', () => {
    expect(lockMs(MAX_FAILURES - 1)).toBe(0)
    expect(lockMs(MAX_FAILURES)).toBe(WINDOW_MS)
    expect(lockMs(MAX_FAILURES + 1)).toBe(2 * WINDOW_MS)
    expect(lockMs(MAX_FAILURES + 3)).toBe(8 * WINDOW_MS)
    expect(lockMs(MAX_FAILURES + 50)).toBe(MAX_LOCK_MS)
  })
})

describe('waitMs and liveState', () => {
  it('lets attempts through below the limit', () => {
    expect(waitMs(liveState(row(MAX_FAILURES - 1), t + 1000), t + 1000)).toBe(0)
  })
  it('forgets failures below the limit once their window has ended', () => {
    expect(liveState(row(MAX_FAILURES - 1), t + WINDOW_MS)).toBeNull()
  })
  it('locks at the limit for the window after the last failure', () => {
    const now = t + 60_000
    expect(waitMs(liveState(row(MAX_FAILURES), now), now)).toBe(WINDOW_MS - 60_000)
    expect(waitMs(liveState(row(MAX_FAILURES), t + WINDOW_MS), t + WINDOW_MS)).toBe(0)
  })
  it('keeps the count after a lock ends (the next failure locks for twice as long) until it is forgotten', () => {
    const after = t + WINDOW_MS + 1
    expect(liveState(row(MAX_FAILURES), after)?.failures).toBe(MAX_FAILURES)
    expect(waitMs(liveState(row(MAX_FAILURES + 1, new Date(after)), after), after)).toBe(2 * WINDOW_MS)
    expect(liveState(row(MAX_FAILURES), t + WINDOW_MS + FORGET_MS)).toBeNull()
  })
})
