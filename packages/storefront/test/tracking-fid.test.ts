import { describe, expect, it } from 'vitest'
import { observeFirstInput } from '../src/tracking/perf.js'

describe('FID from the first-input entry', () => {
  it('takes the input delay once where first-input entries exist; nothing elsewhere', () => {
    let cb: ((list: { getEntries(): unknown[] }) => void) | null = null
    let disconnected = false
    class FakePO {
      static supportedEntryTypes = ['first-input', 'largest-contentful-paint']
      constructor(f: typeof cb) {
        cb = f
      }
      observe() {}
      disconnect() {
        disconnected = true
      }
    }
    const got: { name: string; value: number }[] = []
    expect(observeFirstInput({ PerformanceObserver: FakePO } as unknown as Window, (m) => got.push(m))).toBe(true)
    cb!({ getEntries: () => [{ startTime: 100, processingStart: 142.5 }] })
    cb!({ getEntries: () => [{ startTime: 300, processingStart: 900 }] })
    expect(got).toEqual([{ name: 'FID', value: 42.5 }])
    expect(disconnected).toBe(true)
    class NoFirstInput {
      static supportedEntryTypes = ['largest-contentful-paint']
    }
    expect(observeFirstInput({ PerformanceObserver: NoFirstInput } as unknown as Window, () => {})).toBe(false)
    expect(observeFirstInput({} as Window, () => {})).toBe(false)
  })
})
