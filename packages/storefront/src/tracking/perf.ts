// Performance collector (own lazy chunk, with web-vitals): fetches the settings (a pageLoadId is required), then
// queues Web Vitals and navigation timings and sends the queue when the page is hidden, after a delay or on unload
// (beacon, else XHR). Page-speed is sent once per page load.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'

export const VERSION = '4.0.7'
export const SETTINGS_TIMEOUT_MS = 60_000
export const FLUSH_DELAY_MS = 10_000
const RECORDS = '/api/1/performance/records'

interface PerfSettings {
  pageLoadId?: string
  rumEnabled?: boolean
  appEnabled?: boolean
  pageSpeedRollout?: boolean
}

export async function fetchSettings(timeoutMs = SETTINGS_TIMEOUT_MS): Promise<PerfSettings | null> {
  const ctl = new AbortController()
  const timer = setTimeout(() => ctl.abort(), timeoutMs)
  try {
    const s = (await (await fetch('/api/1/performance/settings', { signal: ctl.signal, credentials: 'same-origin' })).json()) as PerfSettings
    if (!s.pageLoadId) {
      console.warn('Unable to resolve pageLoadId')
      return null
    }
    return s
  } catch {
    if (ctl.signal.aborted) console.warn('Metric settings request timeout')
    return null
  } finally {
    clearTimeout(timer)
  }
}

export function send(body: string, nav: Navigator): 'beacon' | 'xhr' {
  if (nav.sendBeacon?.(RECORDS, body)) return 'beacon'
  const xhr = new XMLHttpRequest()
  xhr.open('POST', RECORDS)
  xhr.setRequestHeader('content-type', 'text/plain;charset=UTF-8')
  xhr.onreadystatechange = () => {
    if (xhr.readyState === 4 && (xhr.status < 200 || xhr.status >= 300)) console.warn(`XHR request DONE with unexpected status: ${xhr.status}`)
  }
  xhr.send(body)
  return 'xhr'
}

export async function startPerformance(win: Window): Promise<void> {
  const s = await fetchSettings()
  if (!s || !s.rumEnabled || !s.appEnabled || !s.pageSpeedRollout) return
  const timings: Record<string, number> = {}
  let sent = false
  const flush = () => {
    if (sent || Object.keys(timings).length === 0) return
    sent = true // page-speed: once per page load
    const nav = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (nav) Object.assign(timings, { responseStart: nav.responseStart, domContentLoadedEventStart: nav.domContentLoadedEventStart, domContentLoadedEventEnd: nav.domContentLoadedEventEnd, loadEventStart: nav.loadEventStart, loadEventEnd: nav.loadEventEnd, domainLookup: nav.domainLookupEnd - nav.domainLookupStart, tcp: nav.connectEnd - nav.connectStart, tls: nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0, encodedBodySize: nav.encodedBodySize, decodedBodySize: nav.decodedBodySize })
    const record = { appName: 'storefront', eventName: 'page-speed', pageLoadId: s.pageLoadId!, timestamp: Date.now(), data: { version: VERSION, hostname: win.location.hostname, pathname: win.location.pathname, hash: win.location.hash, visibilityState: win.document.visibilityState, deliveryType: 'sendBeacon' in win.navigator ? 'beacon' : 'xhr', websiteId: win.document.body.dataset.websiteId, timings } }
    send(JSON.stringify([record]), win.navigator)
  }
  const take = (m: Pick<Metric, 'name' | 'value'> | { name: string; value: number }) => {
    timings[m.name] = m.value
  }
  onLCP(take)
  onCLS(take)
  onINP(take)
  onFCP(take)
  onTTFB(take)
  observeFirstInput(win, take)
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush()
  })
  win.addEventListener('pagehide', flush)
  setTimeout(flush, FLUSH_DELAY_MS)
}

/**
 * FID where the browser reports it: web-vitals 5 dropped `onFID` (INP replaced it), so the first-input entry is read
 * directly (input delay = processing start - start time), once, where `first-input` entries exist.
 */
export function observeFirstInput(win: Window, take: (m: { name: string; value: number }) => void): boolean {
  const PO = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver
  if (!PO?.supportedEntryTypes?.includes('first-input')) return false
  let done = false
  const po = new PO((list) => {
    const first = list.getEntries()[0] as PerformanceEventTiming | undefined
    if (!first || done) return
    done = true
    take({ name: 'FID', value: Math.max(0, first.processingStart - first.startTime) })
    po.disconnect()
  })
  po.observe({ type: 'first-input', buffered: true })
  return true
}
