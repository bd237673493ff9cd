import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, createChunkLoader } from './chunks.js'

afterEach(() => vi.useRealTimers())

describe('chunk loader', () => {
  it('moves through not-started, pending and loaded, importing once', async () => {
    let imports = 0
    const loader = createChunkLoader({ a: async () => (imports++, 'module a') })
    expect(loader.state('a')).toBe('not-started')
    const p = loader.load('a')
    expect(loader.state('a')).toBe('pending')
    expect(await p).toBe('module a')
    expect(await loader.load('a')).toBe('module a')
    expect(loader.state('a')).toBe('loaded')
    expect(imports).toBe(1)
  })

  it("fails with ChunkLoadError 'Loading chunk N failed' and may be retried", async () => {
    let fail = true
    const loader = createChunkLoader({
      88: async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module')
        return 'ok'
      },
    })
    const error = await loader.load('88').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect((error as Error).message).toBe('Loading chunk 88 failed')
    expect((error as Error).name).toBe('ChunkLoadError')
    expect(loader.state('88')).toBe('failed')
    fail = false
    expect(await loader.load('88')).toBe('ok')
  })

  it('fails after 120 s without an answer', async () => {
    vi.useFakeTimers()
    const loader = createChunkLoader({ slow: () => new Promise<string>(() => {}) })
    const result = loader.load('slow').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(loader.state('slow')).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toBeInstanceOf(ChunkLoadError)
    expect(loader.state('slow')).toBe('failed')
  })

  it('rejects unknown chunks', async () => {
    const loader = createChunkLoader<string>({})
    await expect(loader.load('toString')).rejects.toThrow('Loading chunk toString failed')
  })
})
