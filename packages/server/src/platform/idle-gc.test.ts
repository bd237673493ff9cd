import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startIdleCollector } from './idle-gc.js'

const MB = 1024 * 1024

describe('idle collector', () => {
  afterEach(() => vi.useRealTimers())

  it('collects only after a tick without requests, once the heap grew by the slack since the last collection', async () => {
    vi.useFakeTimers()
    const server = new EventEmitter()
    let heap = 60 * MB
    const gc = vi.fn(() => void (heap = 62 * MB))
    const c = startIdleCollector(server, { gc, heapSize: () => heap, tickMs: 1000, slackBytes: 32 * MB })!
    // the first quiet tick after the start collects what starting left
    await vi.advanceTimersByTimeAsync(1000)
    expect(gc).toHaveBeenCalledTimes(1)
    gc.mockClear()
    // a burst: requests every tick, the heap grows; nothing is collected while they come
    for (let i = 0; i < 5; i++) {
      server.emit('request')
      heap += 20 * MB
      await vi.advanceTimersByTimeAsync(1000)
    }
    expect(gc).not.toHaveBeenCalled()
    // the first quiet tick collects
    await vi.advanceTimersByTimeAsync(1000)
    expect(gc).toHaveBeenCalledTimes(1)
    expect(c.collections).toBe(2)
    // quiet, and the heap no bigger than after that collection: nothing more
    await vi.advanceTimersByTimeAsync(5000)
    expect(gc).toHaveBeenCalledTimes(1)
    // a little growth (under the slack) is left to V8
    heap += 10 * MB
    await vi.advanceTimersByTimeAsync(3000)
    expect(gc).toHaveBeenCalledTimes(1)
    c.stop()
    heap += 100 * MB
    await vi.advanceTimersByTimeAsync(3000)
    expect(gc).toHaveBeenCalledTimes(1)
    expect(server.listenerCount('request')).toBe(0)
  })

  it('does nothing without an exposed collector', () => {
    const exposed = (globalThis as { gc?: unknown }).gc
    if (exposed) return // this test process was started with --expose-gc
    expect(startIdleCollector(new EventEmitter())).toBeNull()
  })
})
