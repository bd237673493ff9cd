// The tracker every published page loads (lazily, after start): consent, analytics cookies, the census hit, the
// error reporter, commerce v2 events (product page, cart, add to cart), and the performance collector chunk.
// Failures are ignored.
import { getCrumb } from '../core/crumb.js'
import { createReporter, watchErrors } from './reporter.js'
import { analyticsCookies, clearingCookies, consentDecision, CONSENT_COOKIE, cookieString, hitKind, readConsent, sessionInfo, sourceEnvironment, storedAnalyticsId, type ConsentSettings } from './rules.js'
import type { BannerTexts } from './banner.js'
import type { TagHook, TagSettings } from './tags.js'

/** Bubbling events of the page the tag hooks follow (forms and member sign-up dispatch them). */
const FORM_SUCCESS = 'sitewright:form-success'
export const MEMBER_REGISTERED = 'sitewright:member-registered'

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
  if (s.tagUrl || s.pixelId) void import('./tags.js').then((m) => hooks(win, m.startTags(win, s), { path, query: kind === 'site-search' ? (new URLSearchParams(win.location.search).get('q') ?? '') : '', pdp, title })).catch(() => {})
  if (!s.disabled) void import('./perf.js').then((m) => m.startPerformance(win)).catch(() => {})
}

type Bus = { on(t: string, h: (p: { itemId: string; quantity: number; cart?: { id?: string } }) => void): void }

/** The owner's tag and pixel hooks (called only from track(): tracking is allowed). */
function hooks(win: Window, fire: ((hook: TagHook, fields?: Record<string, unknown>) => void) | null, page: { path: string; query: string; pdp: HTMLElement | null; title: string }): void {
  if (!fire) return
  const doc = win.document
  if (page.pdp) {
    fire('view-product', { item_id: page.pdp.dataset.itemId, item_title: page.title })
    fire('visit-pdp', { item_id: page.pdp.dataset.itemId, item_title: page.title, page_path: page.path })
  }
  if (page.query) fire('search', { search_term: page.query })
  const order = doc.querySelector('[data-store-slot="order-confirmed"] .order-number')
  if (order) fire('purchase', { order_number: order.textContent?.replace(/^\D+/, '').trim() ?? '' })
  ;(win as Window & { Sitewright?: { bus?: Bus } }).Sitewright?.bus?.on('cart:entry-added', (e) => fire('add-to-cart', { item_id: e.itemId, item_quantity: e.quantity }))
  doc.addEventListener(FORM_SUCCESS, (e) => {
    const form = (e.target as Element | null)?.querySelector?.('form[data-newsletter]') ?? ((e.target as Element | null)?.matches?.('form[data-newsletter]') ? e.target : null)
    if (form) fire('newsletter-lead', { form_id: (e as CustomEvent<{ formId?: string }>).detail?.formId ?? '' })
  })
  doc.addEventListener(MEMBER_REGISTERED, () => fire('registration', {}))
}
