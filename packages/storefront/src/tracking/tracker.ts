// The tracker every published page loads (lazily, after start): consent, analytics cookies, the census hit, the
// error reporter, commerce v2 events (product page, cart, add to cart), and the performance collector chunk.
// Failures are ignored.
import { ensureCrumb, getCrumb } from '../core/crumb.js'
import { createReporter, watchErrors } from './reporter.js'
import { analyticsCookies, clearingCookies, consentDecision, CONSENT_COOKIE, cookieString, hitKind, readConsent, sessionInfo, sourceEnvironment, storedAnalyticsId, type ConsentSettings } from './rules.js'
import type { BannerTexts } from './banner.js'
import type { TagSettings } from './tags.js'

type Settings = ConsentSettings & BannerTexts & TagSettings

const store = (get: () => Storage): Storage | null => {
  try {
    return get()
  } catch {
    return null
  }
}

function post(url: string, body: string | URLSearchParams, type?: string): void {
  fetch(url, { method: 'POST', body, credentials: 'same-origin', keepalive: true, ...(type ? { headers: { 'content-type': type } } : {}) })
    .then((r) => {
      if (!r.ok && r.status !== 204) console.warn(`Error tracking event: HTTP Status ${r.status}`)
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
    context: () => ({ websiteId: doc.body.dataset.websiteId, pageUrl: win.location.href, userAgent: win.navigator.userAgent }),
  })
  watchErrors(win, reporter)

  let s: Settings
  try {
    await ensureCrumb() // before the page's first calls go out together (see ensureCrumb)
    s = (await (await fetch('/api/census/settings', { credentials: 'same-origin' })).json()) as Settings
  } catch {
    return
  }
  const go = () => track(win, s)
  const decision = consentDecision(s, readConsent(doc.cookie))
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
  // Commerce v2 events: product page visits, cart views, and adds to cart (from the storefront bus).
  const send = (name: string, fields: Record<string, unknown>) => {
    const content = { ...fields, page_host: win.location.host, page_path: path, session_id: set.sessionId, analytics_id: set.cookies[2]!.value, event_occurrence_timestamp: Date.now(), source_environment: sourceEnvironment(win.location.hostname), resolved_locale: doc.documentElement.lang || 'en-US', custom_schema_name: name, website_id: doc.body.dataset.websiteId }
    const body = JSON.stringify({ eventContent: JSON.stringify(content), eventSchemaName: name })
    if (!win.navigator.sendBeacon?.('/api/v1/clanker/events', new Blob([body], { type: 'application/json' }))) post('/api/v1/clanker/events', body, 'application/json')
  }
  const pdp = doc.querySelector<HTMLElement>('.product-detail[data-item-id]')
  const title = pdp?.querySelector('h1')?.textContent?.trim() ?? ''
  if (pdp) send('CommerceShopping_VisitPDP', { item_id: pdp.dataset.itemId, item_title: title, product_page: true })
  if (path === '/cart') send('CommerceShopping_ViewCart', {})
  const bus = (win as Window & { Sitewright?: { bus?: { on(t: string, h: (p: { itemId: string; quantity: number; cart?: { id?: string } }) => void): void } } }).Sitewright?.bus
  bus?.on('cart:entry-added', (e) => send('CommerceShopping_AddToCart', { item_id: e.itemId, item_quantity: e.quantity, cart_id: e.cart?.id, item_title: pdp?.dataset.itemId === e.itemId ? title : '' }))
  if (s.tagUrl || s.pixelId) void import('./tags.js').then((m) => m.hooks(win, m.startTags(win, s), { path, query: kind === 'site-search' ? (new URLSearchParams(win.location.search).get('q') ?? '') : '', pdp, title })).catch(() => {})
  if (!s.disabled) void import('./perf.js').then((m) => m.startPerformance(win)).catch(() => {})
}
