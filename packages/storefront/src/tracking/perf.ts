// Performance collector (own lazy chunk, with web-vitals): fetches the settings (a pageLoadId is required), then
// queues Web Vitals, TTI and navigation timings and sends the queue when the page is hidden, after a delay or on
// unload (beacon, else XHR). Tracking needs the rum and app flags; page-speed and user-timing records each need
// their rollout flag. Each is sent once per page load. Every record carries the context, analytics id,
// connection info, display, hardware, marketing id and member id.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import type { PageFacts } from './wire.js'

export const VERSION = '4.0.7'
export const SETTINGS_TIMEOUT_MS = 60_000
export const FLUSH_DELAY_MS = 10_000
const RECORDS = '/api/1/performance/records'

interface PerfSettings {
  pageLoadId?: string
  rumEnabled?: boolean
  appEnabled?: boolean
  pageSpeedRollout?: boolean
  userTimingRollout?: boolean
}

/** Which records this page load sends: none without the rum and app flags, else each by its rollout flag. */
export function gates(s: PerfSettings | null): { pageSpeed: boolean; userTiming: boolean } {
  const on = Boolean(s?.pageLoadId && s.rumEnabled && s.appEnabled)
  return { pageSpeed: on && Boolean(s?.pageSpeedRollout), userTiming: on && Boolean(s?.userTimingRollout) }
}

type Nav = Navigator & { connection?: { effectiveType?: string; rtt?: number; downlink?: number; saveData?: boolean }; deviceMemory?: number }

/** The fields every record's data carries beside its timings. */
export function recordData(win: Window, facts: Pick<PageFacts, 'websiteId' | 'templateId' | 'analyticsId' | 'marketingId' | 'memberAccountId'>): Record<string, unknown> {
  const n = win.navigator as Nav
  const b = win.document.body.dataset
  const c = n.connection
  return {
    context: { websiteId: facts.websiteId, templateId: facts.templateId, pageType: Number(b.pageType ?? 0), collectionId: b.collectionId ?? '', itemId: b.itemId ?? '' },
    analyticsId: facts.analyticsId,
    connectionInfo: c ? { effectiveType: c.effectiveType ?? '', rtt: c.rtt ?? null, downlink: c.downlink ?? null, saveData: Boolean(c.saveData) } : null,
    display: { width: win.screen?.width ?? 0, height: win.screen?.height ?? 0, pixelRatio: win.devicePixelRatio || 1, viewportWidth: win.innerWidth, viewportHeight: win.innerHeight },
    hardware: { concurrency: n.hardwareConcurrency ?? null, memory: n.deviceMemory ?? null },
    marketingId: facts.marketingId,
    memberId: facts.memberAccountId,
    version: VERSION,
    hostname: win.location.hostname,
    pathname: win.location.pathname,
    hash: win.location.hash,
    visibilityState: win.document.visibilityState,
    deliveryType: 'sendBeacon' in win.navigator ? 'beacon' : 'xhr',
    websiteId: facts.websiteId,
  }
}

/**
 * Time to interactive, estimated as the reference collectors do without a trace: the end of the last long task
 * (or DOM content loaded when later), at least FCP. `longTaskEnds` are the end times of the long tasks seen.
 */
export function timeToInteractive(domContentLoadedEnd: number, fcp: number | undefined, longTaskEnds: number[]): number {
  return Math.max(domContentLoadedEnd, fcp ?? 0, ...longTaskEnds)
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

/** The user timings (marks and measures) of the page, by name. */
export function userTimings(perf: Pick<Performance, 'getEntriesByType'>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const e of [...perf.getEntriesByType('mark'), ...perf.getEntriesByType('measure')].slice(0, 20)) out[e.name.slice(0, 100)] = e.entryType === 'measure' ? e.duration : e.startTime
  return out
}

export async function startPerformance(win: Window, facts: PageFacts): Promise<void> {
  const s = await fetchSettings()
  const gate = gates(s)
  if (!s || (!gate.pageSpeed && !gate.userTiming)) return
  const timings: Record<string, number> = {}
  const longTasks: number[] = []
  let sent = false
  const flush = () => {
    if (sent) return
    sent = true // page-speed and user-timing: once per page load
    const nav = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (nav) Object.assign(timings, { responseStart: nav.responseStart, domContentLoadedEventStart: nav.domContentLoadedEventStart, domContentLoadedEventEnd: nav.domContentLoadedEventEnd, loadEventStart: nav.loadEventStart, loadEventEnd: nav.loadEventEnd, domainLookup: nav.domainLookupEnd - nav.domainLookupStart, tcp: nav.connectEnd - nav.connectStart, tls: nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0, encodedBodySize: nav.encodedBodySize, decodedBodySize: nav.decodedBodySize, TTI: timeToInteractive(nav.domContentLoadedEventEnd, timings.FCP, longTasks) })
    const data = recordData(win, facts)
    const record = (eventName: string, t: Record<string, number>) => ({ appName: 'storefront', eventName, pageLoadId: s.pageLoadId!, timestamp: Date.now(), data: { ...data, timings: t } })
    const records = []
    if (gate.pageSpeed && Object.keys(timings).length) records.push(record('page-speed', timings))
    const user = gate.userTiming ? userTimings(win.performance) : {}
    if (Object.keys(user).length) records.push(record('user-timing', user))
    if (records.length) send(JSON.stringify(records), win.navigator)
  }
  try {
    new PerformanceObserver((l) => void longTasks.push(...l.getEntries().map((e) => e.startTime + e.duration))).observe({ type: 'longtask', buffered: true })
  } catch {
    /* no long tasks here: TTI falls back to DOM content loaded / FCP */
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
