// Chunk 'tracking-calls' (loaded by the tracker once tracking is allowed): the calls the page makes beyond its
// census hit. Commerce v2 events (VisitPDP, AddToCart, ViewCart, RemoveFromCart) with the commerce fields; the
// census side calls (button-render and button-click of button blocks, overlay shown/closed of the popup); census
// HEARTBEAT 10 from the page, AUDIO 20 from audio players and VIDEO 21 from video blocks; and RecordEvent for named
// events (`Sitewright.track(event, fields)`). Every call is timed (2500 ms) and silent when it fails.
import { PRODUCT_TYPES } from '@sitewright/contracts/product-types'
import { fractionDigits } from '@sitewright/contracts/money'
import { toCents } from '../commerce/money.js'
import type { Amount } from '../commerce/types.js'
import { getCrumb } from '../core/crumb.js'
import { sourceEnvironment } from './rules.js'
import { eventsUrl, timedPost, v0Payload, v2Body, v2Content, type PageFacts, type Place } from './wire.js'

export const CENSUS_EVENTS = { HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 } as const
/** A heartbeat every 30 s while the page is visible, at most 60 per page (half an hour). */
export const HEARTBEAT_MS = 30_000
export const MAX_HEARTBEATS = 60
/** The popup's bubbling event (content/popup.ts): detail.action 'shown' | 'closed'. */
export const OVERLAY_EVENT = 'sitewright:overlay'
const BUTTON_BLOCKS = '.block[data-block-type="53"] a.button'

interface Entry { itemId: string; quantity: number; title?: string; productType?: number; purchasePriceCents?: number; chosenVariant?: { sku?: string; attributes?: Record<string, string> } }
interface Cart { id?: string; entries?: Entry[]; currencyCode?: string; currency?: string }
const currencyOf = (c: Cart | null) => c?.currencyCode ?? c?.currency ?? 'USD'
type Sw = { bus?: Bus; cart?: () => Cart | null }
type Bus = { on(t: string, h: (p: { itemId?: string; sku?: string; quantity?: number; cart?: Cart }) => void): void }
export interface CallDeps {
  fetch?: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>
  beacon?: ((url: string, body: Blob) => boolean) | null
  setInterval?: (fn: () => void, ms: number) => unknown
  now?: () => number
}

const TYPE_NAMES = Object.fromEntries(Object.entries(PRODUCT_TYPES).map(([k, v]) => [v, k])) as Record<number, string>
const typeName = (t: number | undefined) => TYPE_NAMES[t ?? 1] ?? 'PHYSICAL'
const decimal = (minor: number, currency: string) => minor / 10 ** fractionDigits(currency)

export function placeOf(win: Window): Place {
  const l = win.location
  const n = win.navigator
  return { host: l.host, hostname: l.hostname, path: l.pathname, hash: l.hash, search: l.search, referrer: win.document.referrer, userAgent: n.userAgent, language: n.language, locale: Intl.DateTimeFormat().resolvedOptions().locale, width: win.innerWidth, height: win.innerHeight, documentLanguage: win.document.documentElement.lang }
}

/** Every commerce field of one event (the page's, the cart's and the item's). */
export function commerceFields(doc: Document, cart: Cart | null, item: { id: string; title: string; type?: number; variant: Record<string, string>; priceMinor: number; currency: string; quantity: number }): Record<string, unknown> {
  const pdp = doc.querySelector<HTMLElement>('.product-detail[data-item-id]')
  const entries = cart?.entries ?? []
  return {
    website_id: doc.body.dataset.websiteId ?? '',
    page_id: doc.body.dataset.collectionId ?? '',
    cart_id: cart?.id ?? '',
    product_page: pdp !== null,
    pdp_layout: pdp ? (pdp.dataset.layout ?? 'default') : '',
    product: { id: item.id, title: item.title, type: typeName(item.type) },
    num_items_in_cart: entries.reduce((n, e) => n + e.quantity, 0),
    product_types_list: [...new Set(entries.map((e) => typeName(e.productType)))],
    item_id: item.id,
    item_type: typeName(item.type),
    item_title: item.title,
    item_variant_object: item.variant,
    item_price: decimal(item.priceMinor, item.currency),
    currency_code: item.currency,
    item_quantity: item.quantity,
  }
}

/** The product page's item as the commerce fields read it (first variant's price). */
function pdpItem(doc: Document, pdp: HTMLElement): Parameters<typeof commerceFields>[2] {
  const id = pdp.dataset.itemId ?? ''
  const data = [...doc.querySelectorAll<HTMLElement>('[data-product-data]')].find((el) => el.dataset.itemId === id)
  const raw = data?.dataset.variants ?? pdp.querySelector<HTMLElement>('.product-variants[data-variants]')?.dataset.variants
  let first: { attributes?: Record<string, string>; priceMoney?: unknown; price?: unknown; onSale?: boolean; salePriceMoney?: unknown } = {}
  try {
    first = (raw ? (JSON.parse(raw) as (typeof first)[])[0] : undefined) ?? {}
  } catch {
    /* no variants on the page */
  }
  const price = first.onSale ? (first.salePriceMoney ?? first.priceMoney ?? first.price) : (first.priceMoney ?? first.price)
  return { id, title: pdp.querySelector('h1')?.textContent?.trim() ?? '', type: Number(data?.dataset.productType ?? 1), variant: first.attributes ?? {}, priceMinor: toCents(price as Amount), currency: data?.dataset.currency ?? 'USD', quantity: 1 }
}

const entryItem = (e: Entry, quantity: number, currency: string) => ({ id: e.itemId, title: e.title ?? '', type: e.productType, variant: e.chosenVariant?.attributes ?? {}, priceMinor: e.purchasePriceCents ?? 0, currency, quantity })

/** Entries whose quantity went down (or that left the cart) between two carts, with the quantity removed. */
export function removedEntries(before: Cart, after: Cart): { entry: Entry; quantity: number }[] {
  const now = new Map((after.entries ?? []).map((e) => [`${e.itemId}|${e.chosenVariant?.sku ?? ''}`, e.quantity]))
  return (before.entries ?? []).flatMap((e) => {
    const left = now.get(`${e.itemId}|${e.chosenVariant?.sku ?? ''}`) ?? 0
    return left < e.quantity ? [{ entry: e, quantity: e.quantity - left }] : []
  })
}

export function startCalls(win: Window, facts: PageFacts, visit: string, deps: CallDeps = {}): { v2(schema: string, payload?: Record<string, unknown> | null): boolean; stop(): void } {
  const doc = win.document
  const crumb = () => getCrumb(doc.cookie) ?? ''
  const post = (url: string, body: BodyInit, type?: string) => void timedPost(url, body, { ...(type ? { type } : {}), crumb: crumb(), ...(deps.fetch ? { fetch: deps.fetch } : {}) })
  const beacon = deps.beacon === undefined ? (win.navigator.sendBeacon ? (u: string, b: Blob) => win.navigator.sendBeacon(u, b) : null) : deps.beacon
  const now = deps.now ?? Date.now
  const v2 = (schema: string, payload?: Record<string, unknown> | null): boolean => {
    const env = sourceEnvironment(win.location.hostname)
    const content = v2Content(schema, payload, facts, placeOf(win), env, now())
    if (!content) return false
    const url = eventsUrl(env)
    const body = v2Body(schema, content)
    if (!beacon?.(url, new Blob([body], { type: 'application/json' }))) post(url, body, 'application/json')
    return true
  }
  const place = () => placeOf(win)
  const pageFields = (extra: Record<string, unknown>) => {
    const all = v0Payload(facts, place(), extra)
    return new URLSearchParams(Object.entries({ ...all, visitorCookie: visit }).map(([k, v]) => [k, v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)]))
  }
  const census = (kind: string, extra: Record<string, unknown>) => post(`/api/census/${kind}`, pageFields(extra))
  const hit = (event: number, extra: Record<string, unknown> = {}) => {
    const data = { path: win.location.pathname, url: win.location.href, referrer: doc.referrer, sessionId: facts.sessionId, ...extra }
    post('/api/census/RecordHit', new URLSearchParams({ event: String(event), data: JSON.stringify(data), ss_cvr: visit }))
  }

  // Commerce events
  const sw = ((win as Window & { Sitewright?: Sw & Record<string, unknown> }).Sitewright ??= {})
  let cart: Cart | null = sw.cart?.() ?? null
  const pdp = doc.querySelector<HTMLElement>('.product-detail[data-item-id]')
  if (pdp) v2('CommerceShopping_VisitPDP', commerceFields(doc, cart, pdpItem(doc, pdp)))
  const pageType = Number(doc.body.dataset.pageType ?? 0)
  const viewCart = win.location.pathname === '/cart' || pageType === 200 || pageType === 205
  let cartViewed = false
  const viewed = (c: Cart | null) => {
    if (!viewCart || cartViewed || !c) return
    cartViewed = true
    v2('CommerceShopping_ViewCart', commerceFields(doc, c, { id: '', title: '', variant: {}, priceMinor: 0, currency: currencyOf(c), quantity: 0 }))
  }
  viewed(cart)
  sw.bus?.on('cart:updated', (e) => {
    const next = e.cart ?? null
    if (cart && next) for (const r of removedEntries(cart, next)) v2('CommerceShopping_RemoveFromCart', commerceFields(doc, next, entryItem(r.entry, r.quantity, currencyOf(next))))
    cart = next
    viewed(next)
  })
  sw.bus?.on('cart:entry-added', (e) => {
    const c = e.cart ?? null
    const entry = c?.entries?.find((x) => x.itemId === e.itemId && (!e.sku || x.chosenVariant?.sku === e.sku))
    const item = entry ? entryItem(entry, e.quantity ?? 1, currencyOf(c)) : { id: e.itemId ?? '', title: '', variant: {}, priceMinor: 0, currency: 'USD', quantity: e.quantity ?? 1 }
    cart = c ?? cart
    v2('CommerceShopping_AddToCart', commerceFields(doc, c, item))
  })

  // Census side calls: button blocks, the popup overlay, media, heartbeat
  for (const a of doc.querySelectorAll<HTMLAnchorElement>(BUTTON_BLOCKS)) {
    const fields = () => ({ blockId: a.closest('.block')?.id.replace(/^block-/, '') ?? '', buttonText: a.textContent?.trim() ?? '', destinationUrl: a.href })
    census('button-render', fields())
    a.addEventListener('click', () => census('button-click', fields()))
  }
  const overlay = (el: Element, action: string) => census('overlay', { action, overlayId: (el as HTMLElement).id || (el as HTMLElement).dataset.popupVersion || '' })
  doc.addEventListener(OVERLAY_EVENT, (e) => overlay(e.target as Element, (e as CustomEvent<{ action: string }>).detail?.action ?? ''))
  for (const el of doc.querySelectorAll<HTMLElement>('[data-popup-overlay]:not([hidden])')) if (!el.closest('.system-popup-preview')) overlay(el, 'shown')
  doc.addEventListener('play', (e) => {
    const t = e.target as HTMLMediaElement
    if (t.tagName === 'AUDIO') hit(CENSUS_EVENTS.AUDIO, { mediaUrl: t.currentSrc })
    else if (t.tagName === 'VIDEO') hit(CENSUS_EVENTS.VIDEO, { mediaUrl: t.currentSrc })
  }, true)
  doc.addEventListener('click', (e) => {
    const play = (e.target as Element | null)?.closest?.('[data-video-play]')
    if (play) hit(CENSUS_EVENTS.VIDEO, { mediaUrl: (play as HTMLAnchorElement).href ?? '' })
  }, true)
  let beats = 0
  const every = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms))
  const timer = every(() => {
    if (beats >= MAX_HEARTBEATS) return stop()
    if (doc.visibilityState !== 'visible') return
    beats++
    hit(CENSUS_EVENTS.HEARTBEAT, { beat: beats })
  }, HEARTBEAT_MS)
  const stop = () => clearInterval(timer as ReturnType<typeof setInterval>)

  // Named events of the page's scripts: RecordEvent with the Version 0 payload.
  sw.track = (event: string, custom: Record<string, unknown> = {}) => post('/api/events/RecordEvent', new URLSearchParams({ crumb: crumb(), event, data: JSON.stringify(v0Payload(facts, place(), custom)) }))
  return { v2, stop }
}
