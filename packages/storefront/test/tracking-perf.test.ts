// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchSettings, gates, recordData, send, SETTINGS_TIMEOUT_MS, startPerformance, timeToInteractive, userTimings, VERSION } from '../src/tracking/perf.js'
import type { PageFacts } from '../src/tracking/wire.js'

const facts: PageFacts = { websiteId: 'w1', memberAccountId: 'acct7', websiteLocale: 'en-US', memberLocale: 'en-US', templateId: 'default', variantId: '', analyticsId: 'a1', marketingId: 'm1', sessionId: 1, loggedIn: false }
const json = (body: unknown) => Promise.resolve({ json: () => Promise.resolve(body) })

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('performance collector', () => {
  it('version 4.0.7; settings time out after 60000 ms with "Metric settings request timeout"', async () => {
    expect(VERSION).toBe('4.0.7')
    expect(SETTINGS_TIMEOUT_MS).toBe(60_000)
    vi.useFakeTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let signal: AbortSignal | undefined
    vi.stubGlobal('fetch', (_u: string, init: RequestInit) => {
      signal = init.signal ?? undefined
      return new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new Error('abort'))))
    })
    const p = fetchSettings()
    await vi.advanceTimersByTimeAsync(59_999)
    expect(signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(p).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith('Metric settings request timeout')
  })

  it('settings without a pageLoadId: "Unable to resolve pageLoadId" and nothing is collected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal('fetch', () => json({ rumEnabled: true, appEnabled: true, pageSpeedRollout: true }))
    await expect(fetchSettings()).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith('Unable to resolve pageLoadId')
  })

  it('gating: rum and app flags both needed; page-speed and user-timing each by their rollout flag', () => {
    const s = { pageLoadId: 'p', rumEnabled: true, appEnabled: true, pageSpeedRollout: true, userTimingRollout: false }
    expect(gates(s)).toEqual({ pageSpeed: true, userTiming: false })
    expect(gates({ ...s, userTimingRollout: true, pageSpeedRollout: false })).toEqual({ pageSpeed: false, userTiming: true })
    expect(gates({ ...s, rumEnabled: false })).toEqual({ pageSpeed: false, userTiming: false })
    expect(gates({ ...s, appEnabled: false })).toEqual({ pageSpeed: false, userTiming: false })
    expect(gates(null)).toEqual({ pageSpeed: false, userTiming: false })
  })

  it("XHR fallback warns 'XHR request DONE with unexpected status: {status}'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    class FakeXhr {
      static last: FakeXhr
      readyState = 0
      status = 0
      onreadystatechange: (() => void) | null = null
      open() {}
      setRequestHeader() {}
      send() {
        FakeXhr.last = this
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    expect(send('[]', { sendBeacon: () => false } as unknown as Navigator)).toBe('xhr')
    Object.assign(FakeXhr.last, { readyState: 4, status: 500 })
    FakeXhr.last.onreadystatechange!()
    expect(warn).toHaveBeenCalledWith('XHR request DONE with unexpected status: 500')
  })

  it('each record carries context, analytics id, connection info, display, hardware, marketing id and member id', () => {
    document.body.dataset.pageType = '2'
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', rtt: 50, downlink: 10, saveData: false }, configurable: true })
    const d = recordData(window, facts)
    expect(d).toMatchObject({ context: { websiteId: 'w1', templateId: 'default', pageType: 2 }, analyticsId: 'a1', connectionInfo: { effectiveType: '4g', rtt: 50, downlink: 10 }, marketingId: 'm1', memberId: 'acct7', version: '4.0.7' })
    expect(d.display).toEqual(expect.objectContaining({ width: expect.any(Number), height: expect.any(Number), pixelRatio: expect.any(Number) }))
    expect(d.hardware).toHaveProperty('concurrency')
    expect(d.hardware).toHaveProperty('memory')
  })

  it('TTI: the last long task end, at least DOM content loaded and FCP', () => {
    expect(timeToInteractive(900, 1200, [])).toBe(1200)
    expect(timeToInteractive(900, 1200, [1500, 3100, 2000])).toBe(3100)
    expect(timeToInteractive(900, undefined, [])).toBe(900)
  })

  it('user timings: marks at their start, measures by duration', () => {
    const perf = { getEntriesByType: (t: string) => (t === 'mark' ? [{ name: 'hero', entryType: 'mark', startTime: 120, duration: 0 }] : [{ name: 'menu', entryType: 'measure', startTime: 10, duration: 35 }]) } as unknown as Performance
    expect(userTimings(perf)).toEqual({ hero: 120, menu: 35 })
  })

  it('page-speed (with TTI) and user-timing are sent once per page load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal('fetch', () => json({ pageLoadId: 'pl-1', rumEnabled: true, appEnabled: true, pageSpeedRollout: true, userTimingRollout: true }))
    const sent: string[] = []
    Object.defineProperty(navigator, 'sendBeacon', { value: (_u: string, b: string) => sent.push(b) > 0, configurable: true })
    const nav = { responseStart: 40, domContentLoadedEventStart: 300, domContentLoadedEventEnd: 320, loadEventStart: 500, loadEventEnd: 510, domainLookupStart: 1, domainLookupEnd: 3, connectStart: 3, connectEnd: 9, secureConnectionStart: 0, encodedBodySize: 1000, decodedBodySize: 4000 }
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(((t: string) => (t === 'navigation' ? [nav] : t === 'mark' ? [{ name: 'hero-visible', entryType: 'mark', startTime: 210, duration: 0 }] : [])) as never)
    await startPerformance(window, facts)
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new Event('pagehide'))
    expect(sent).toHaveLength(1)
    const records = JSON.parse(sent[0]!) as { eventName: string; pageLoadId: string; data: { timings: Record<string, number>; memberId: string } }[]
    expect(records.map((r) => r.eventName)).toEqual(['page-speed', 'user-timing'])
    expect(records[0]!.pageLoadId).toBe('pl-1')
    expect(records[0]!.data.timings).toMatchObject({ TTI: 320, responseStart: 40, domainLookup: 2, tcp: 6, tls: 0 })
    expect(records[1]!.data.timings).toEqual({ 'hero-visible': 210 })
    expect(records[1]!.data.memberId).toBe('acct7')
  })
})
