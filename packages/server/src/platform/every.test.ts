import { afterEach, describe, expect, it, vi } from 'vitest'
import { every, jittered } from './every.js'

afterEach(() => void vi.useRealTimers())

describe('every', () => {
  it('jitters each wait within the bounds', () => {
    expect(jittered(1000, 0.1, () => 0)).toBe(900)
    expect(jittered(1000, 0.1, () => 1)).toBe(1100)
    expect(jittered(1000, 0, () => 0.3)).toBe(1000)
  })

  it('runs the work once a period, never two at once, keeps going after a failure, and stops', async () => {
    vi.useFakeTimers()
    const warn = vi.fn()
    let runs = 0
    let release: (() => void) | null = null
    const e = every({ name: 'test sweep', ms: 100, jitter: 0, log: { warn } }, async () => {
      runs++
      if (runs === 1) throw new Error('boom')
      if (runs === 2) await new Promise<void>((r) => (release = r))
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(1)
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'test sweep failed')
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(2)
    await vi.advanceTimersByTimeAsync(500) // the second run is still under way: no third
    expect(runs).toBe(2)
    const stopping = e.stop()
    release!()
    await stopping
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
  })
})
