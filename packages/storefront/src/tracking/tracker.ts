// The tracker every published page loads (lazily, after start): consent, analytics cookies, the census hit, the
// error reporter, commerce v2 events (product page, cart, add to cart), and the performance collector chunk.
// Failures are ignored.
import { ensureCrumb, getCrumb } from '../core/crumb.js'
import { createReporter, watchErrors } from './reporter.js'
import { analyticsCookies, clearingCookies, consentDecision, CONSENT_COOKIE, cookieString, hitKind, readConsent, sessionInfo, storedAnalyticsId, type ConsentSettings } from './rules.js'
import type { BannerTexts } from './banner.js'
import type { TagSettings } from './tags.js'
import type { PageFacts } from './wire.js'
import { readCookie } from '../core/cookies.js'
import { SITE_USER_AUTH_COOKIE } from '@sitewright/contracts/cookies'

type Settings = ConsentSettings & BannerTexts & TagSettings

const store = (get: () => Storage): Storage | null => {
  try {
    return get()
  } catch {
    return null
  }
}

/** The census hit: 2500 ms (the analytics timeout, as wire.ts's timedPost; kept apart so the wire stays in the
 * calls chunk), failures silent, a refusal warns 'Error tracking event: HTTP Status {status}'. */
function post(url: string, body: URLSearchParams): void {
  fetch(url, { method: 'POST', body, credentials: 'same-origin', keepalive: true, signal: AbortSignal.timeout(2500) })
    .then((r) => {
      if (!r.ok) console.warn(`Error tracking event: HTTP Status ${r.status}`)
    })
    .catch(() => {})
}

export async function startTracking(win: Window): Promise<void> {
  const doc = win.document
  const crumb = () => getCrumb(doc.cookie) ?? ''
  const reporter = createReporter({
    app: 'storefront',
    send: (reports) => {
      fetch('/api/events/RecordJavascriptErrors', { method: 'POST', body: JSON.stringify(reports), credentials: 'same-origin', keepalive: true, headers: { 'content-type': 'application/json', 'x-csrf-token': crumb() } }).catch(() => {})
    },
    context: () => ({ websiteId: doc.body.dataset.websiteId, templateId: doc.body.dataset.templateId ?? '', pageUrl: win.location.href, userAgent: win.navigator.userAgent }),
  })
  watchErrors(win, reporter)
  // the page's own scripts report with their custom data: Sitewright.reportError(error, { ... })
  ;((win as Window & { Sitewright?: Record<string, unknown> }).Sitewright ??= {}).reportError = (e: unknown, custom?: Record<string, unknown>) => reporter.report(e, {}, custom)

  let s: Settings
  try {
    await ensureCrumb() // before the page's first calls go out together (see ensureCrumb)
    s = (await (await fetch('/api/census/settings', { credentials: 'same-origin' })).json()) as Settings
  } catch {
    return
  }
  const go = () => track(win, s)
  const decision = consentDecision(s, readConsent(doc.cookie))
  doc.documentElement.dataset.tracking = decision // what this page decided (tests wait on it before asserting that nothing is sent)
  if (decision === 'off') return
  if (decision === 'track') return go()
  for (const c of clearingCookies()) doc.cookie = cookieString(c)
  if (decision === 'ask') {
    const { showBanner } = await import('./banner.js')
    showBanner(doc, s, (granted) => {
      doc.cookie = `${CONSENT_COOKIE}=${granted ? 'granted' : 'denied'}; Max-Age=${390 * 86400}; Path=/; SameSite=Lax`
      if (granted) go()
    })
  }
}

/** The page's own facts for the tracking wire (Version 0 payload and Version 2 content). */
export function pageFacts(win: Window, analyticsId: string, visit: string, sessionId: number): PageFacts {
  const doc = win.document
  const b = doc.body.dataset
  return { websiteId: b.websiteId ?? '', memberAccountId: null, websiteLocale: doc.documentElement.lang || 'en-US', memberLocale: win.navigator.language || 'en-US', templateId: b.templateId ?? '', variantId: b.templateVariant ?? '', analyticsId, marketingId: visit.split('|')[0] ?? '', sessionId, loggedIn: readCookie(doc.cookie, SITE_USER_AUTH_COOKIE) !== null }
}

function track(win: Window, s: Settings): void {
  const doc = win.document
  const now = Date.now()
  const set = analyticsCookies(doc.cookie, now)
  for (const c of set.cookies) doc.cookie = cookieString(c)
  storedAnalyticsId(store(() => win.localStorage), set.cookies[2]!.value, now)
  const info = sessionInfo(store(() => win.sessionStorage), store(() => win.localStorage), set.sessionId)
  const path = win.location.pathname
  const kind = hitKind(path, Number(doc.body.dataset.pageType ?? 0))
  if (kind !== 'none') {
    const query = new URLSearchParams(win.location.search).get('q') ?? ''
    const data = { path, url: win.location.href, referrer: doc.referrer, ...info, ...(kind === 'site-search' ? { query } : {}) }
    if (kind === 'page-view' || query) post('/api/census/RecordHit', new URLSearchParams({ event: kind === 'page-view' ? '1' : '2', data: JSON.stringify(data), ss_cvr: set.visit }))
  }
  const facts = pageFacts(win, set.cookies[2]!.value, set.visit, set.sessionId)
  void import('./calls.js').then((m) => m.startCalls(win, facts, set.visit)).catch(() => {})
  const pdp = doc.querySelector<HTMLElement>('.product-detail[data-item-id]')
  const title = pdp?.querySelector('h1')?.textContent?.trim() ?? ''
  if (s.tagUrl || s.pixelId) void import('./tags.js').then((m) => m.hooks(win, m.startTags(win, s), { path, query: kind === 'site-search' ? (new URLSearchParams(win.location.search).get('q') ?? '') : '', pdp, title })).catch(() => {})
  if (!s.disabled) void import('./perf.js').then((m) => m.startPerformance(win, facts)).catch(() => {})
}
