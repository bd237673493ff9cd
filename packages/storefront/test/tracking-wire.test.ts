// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CENSUS_EVENTS, HEARTBEAT_MS, removedEntries, startCalls } from '../src/tracking/calls.js'
import { ANALYTICS_TIMEOUT_MS, eventsUrl, NO_PAYLOAD, timedPost, v0Payload, v2Body, v2Content, type PageFacts, type Place } from '../src/tracking/wire.js'
import { sourceEnvironment } from '../src/tracking/rules.js'

const facts: PageFacts = { websiteId: 'w1', memberAccountId: null, websiteLocale: 'fr-FR', memberLocale: 'de-DE', templateId: 'default', variantId: '', analyticsId: 'a1', marketingId: 'm1', sessionId: 77, loggedIn: false }
const place: Place = { host: 'shop.example:8080', hostname: 'shop.example', path: '/p/x', hash: '#top', search: '?a=1&b=2', referrer: 'https://ref.example/', userAgent: 'UA', language: 'fr', locale: 'fr-FR', width: 1280, height: 800, documentLanguage: '' }

const V2_FIELDS = ['analytics_id', 'browser_language', 'browser_locale', 'window_height', 'window_width', 'client_name', 'client_version', 'marketing_id', 'page_host', 'page_path', 'page_query_params', 'page_referrer_url', 'session_id', 'user_agent', 'event_occurrence_timestamp', 'custom_schema_name', 'source_environment', 'context_website_id', 'destination_url', 'member_account_id', 'object_identifier', 'resolved_locale', 'website_locale', 'member_account_locale']
const COMMERCE_FIELDS = ['website_id', 'page_id', 'cart_id', 'product_page', 'pdp_layout', 'product', 'num_items_in_cart', 'product_types_list', 'item_id', 'item_type', 'item_title', 'item_variant_object', 'item_price', 'currency_code', 'item_quantity']

describe('tracking wire: Version 0 payload and Version 2 content', () => {
  it('Version 0: websiteId, memberAccountId, website_locale, member_locale, templateId, variantId, pageHash, pagePath plus custom', () => {
    expect(v0Payload(facts, place, { blockId: 'b9' })).toEqual({ websiteId: 'w1', memberAccountId: null, website_locale: 'fr-FR', member_locale: 'de-DE', templateId: 'default', variantId: '', pageHash: '#top', pagePath: '/p/x', blockId: 'b9' })
  })

  it('Version 2: every field, resolved_locale from the document language else en-US, wrapped as eventContent (JSON string) and eventSchemaName', () => {
    const c = v2Content('CommerceShopping_ViewCart', { cart_id: 'c1' }, facts, place, 'PROD', 1234)!
    for (const f of V2_FIELDS) expect(c, f).toHaveProperty(f)
    expect(c).toMatchObject({ analytics_id: 'a1', browser_language: 'fr', browser_locale: 'fr-FR', window_height: 800, window_width: 1280, marketing_id: 'm1', page_host: 'shop.example:8080', page_path: '/p/x', page_query_params: 'a=1&b=2', page_referrer_url: 'https://ref.example/', session_id: 77, user_agent: 'UA', event_occurrence_timestamp: 1234, custom_schema_name: 'CommerceShopping_ViewCart', source_environment: 'PROD', context_website_id: 'w1', member_account_id: null, resolved_locale: 'en-US', website_locale: 'fr-FR', member_account_locale: 'de-DE', cart_id: 'c1' })
    expect(v2Content('X', {}, facts, { ...place, documentLanguage: 'pl-PL' }, 'PROD', 1)!.resolved_locale).toBe('pl-PL')
    const wire = JSON.parse(v2Body('X', { a: 1 })) as Record<string, unknown>
    expect(Object.keys(wire)).toEqual(['eventContent', 'eventSchemaName'])
    expect(typeof wire.eventContent).toBe('string')
    expect(JSON.parse(wire.eventContent as string)).toEqual({ a: 1 })
    expect(wire.eventSchemaName).toBe('X')
  })

  it("no payload gives 'no payload'; caller-set auto fields are overwritten with a warning", () => {
    const warn = vi.fn()
    expect(v2Content('X', undefined, facts, place, 'PROD', 1, warn)).toBeNull()
    expect(warn).toHaveBeenCalledWith(NO_PAYLOAD)
    expect(NO_PAYLOAD).toBe('no payload')
    warn.mockClear()
    const c = v2Content('X', { session_id: 'forged', page_path: '/forged', destination_url: '/to' }, facts, place, 'PROD', 1, warn)!
    expect(c.session_id).toBe(77)
    expect(c.page_path).toBe('/p/x')
    expect(c.destination_url).toBe('/to')
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls.map((a) => a[0] as string).join()).toMatch(/session_id.*page_path/)
  })

  it('environment -> host table: PROD and STAGING (internal hosts) go to the events path; an unknown one warns and gives an empty URL', () => {
    const warn = vi.fn()
    expect(eventsUrl('PROD', warn)).toBe('/api/v1/clanker/events')
    expect(eventsUrl('STAGING', warn)).toBe('/api/v1/clanker/events')
    expect(warn).not.toHaveBeenCalled()
    expect(eventsUrl('QA', warn)).toBe('')
    expect(warn).toHaveBeenCalledWith('Unknown tracking environment: QA')
    expect(sourceEnvironment('shop.internal')).toBe('STAGING')
    expect(sourceEnvironment('shop.example')).toBe('PROD')
  })
})

describe('analytics calls: 2500 ms, silent failures', () => {
  afterEach(() => vi.useRealTimers())

  it('a call is aborted after 2500 ms and resolves false without throwing', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const hang = (_u: string, init: RequestInit) => {
      signal = init.signal ?? undefined
      return new Promise<{ ok: boolean; status: number }>((_r, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    }
    const p = timedPost('/x', 'b', { fetch: hang })
    expect(ANALYTICS_TIMEOUT_MS).toBe(2500)
    await vi.advanceTimersByTimeAsync(2499)
    expect(signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(signal!.aborted).toBe(true)
    await expect(p).resolves.toBe(false)
  })

  it("a network failure is silent; an answer other than 2xx warns 'Error tracking event: HTTP Status {status}'", async () => {
    const warn = vi.fn()
    await expect(timedPost('/x', 'b', { fetch: () => Promise.reject(new TypeError('Failed to fetch')), warn })).resolves.toBe(false)
    expect(warn).not.toHaveBeenCalled()
    await expect(timedPost('/x', 'b', { fetch: () => Promise.resolve({ ok: false, status: 503 }), warn })).resolves.toBe(false)
    expect(warn).toHaveBeenCalledWith('Error tracking event: HTTP Status 503')
    await expect(timedPost('/x', 'b', { fetch: () => Promise.resolve({ ok: true, status: 202 }), warn })).resolves.toBe(true)
  })
})

type Call = { url: string; body: string }

function page(pageType = 2) {
  // unit files share one jsdom per worker (isolate: false): an earlier file may have left the location elsewhere
  window.history.replaceState(null, '', '/')
  document.body.innerHTML = `
    <article class="product-detail" data-item-id="i1"><h1>Blue Mug</h1></article>
    <div data-product-data data-item-id="i1" data-product-type="1" data-currency="EUR" data-variants='[{"sku":"S1","attributes":{"Size":"L"},"priceMoney":{"value":"12.50","currency":"EUR"}}]'></div>
    <div class="block" id="block-b7" data-block-type="53"><p class="button-block"><a class="button" href="/contact">Contact us</a></p></div>
    <div data-popup-overlay id="pop1"></div>
    <audio src="/song.mp3"></audio>
    <div data-video><a data-video-play href="https://video.example/v/1">Play</a></div>`
  document.body.dataset.websiteId = 'w1'
  document.body.dataset.collectionId = 'col1'
  document.body.dataset.pageType = String(pageType)
  const handlers = new Map<string, ((p: unknown) => void)[]>()
  const bus = { on: (t: string, h: (p: unknown) => void) => void handlers.set(t, [...(handlers.get(t) ?? []), h]), emit: (t: string, p: unknown) => handlers.get(t)?.forEach((h) => h(p)) }
  ;(window as unknown as { Sitewright: unknown }).Sitewright = { bus }
  const calls: Call[] = []
  const beacons: Call[] = []
  let tick: () => void = () => {}
  const deps = {
    fetch: (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) })
      return Promise.resolve({ ok: true, status: 202 })
    },
    beacon: (url: string, b: Blob) => {
      void b.text().then((body) => beacons.push({ url, body }))
      return true
    },
    setInterval: (fn: () => void, ms: number) => {
      expect(ms).toBe(HEARTBEAT_MS)
      tick = fn
      return 0
    },
  }
  const api = startCalls(window, facts, 'm1|1|1|1|1', deps)
  const content = async (schema: string) => {
    await vi.waitFor(() => expect(beacons.some((b) => b.body.includes(`"eventSchemaName":"${schema}"`))).toBe(true))
    const wire = JSON.parse(beacons.find((b) => b.body.includes(`"eventSchemaName":"${schema}"`))!.body) as { eventContent: string }
    return JSON.parse(wire.eventContent) as Record<string, unknown>
  }
  const form = (url: string) => calls.filter((c) => c.url === url).map((c) => Object.fromEntries(new URLSearchParams(c.body)))
  return { bus, calls, beacons, api, content, form, tick: () => tick() }
}

const cart = (entries: { itemId: string; quantity: number; sku: string }[]) => ({ id: 'cart9', currencyCode: 'EUR', entries: entries.map((e) => ({ itemId: e.itemId, quantity: e.quantity, title: 'Blue Mug', productType: 1, purchasePriceCents: 1250, chosenVariant: { sku: e.sku, attributes: { Size: 'L' } } })) })

describe('commerce events and the calls the page makes', () => {
  it('VisitPDP, AddToCart and RemoveFromCart carry every commerce field', async () => {
    const p = page()
    const visit = await p.content('CommerceShopping_VisitPDP')
    for (const f of COMMERCE_FIELDS) expect(visit, f).toHaveProperty(f)
    expect(visit).toMatchObject({ website_id: 'w1', page_id: 'col1', product_page: true, item_id: 'i1', item_title: 'Blue Mug', item_type: 'PHYSICAL', item_price: 12.5, currency_code: 'EUR', item_variant_object: { Size: 'L' }, source_environment: 'STAGING' })
    p.bus.emit('cart:entry-added', { itemId: 'i1', sku: 'S1', quantity: 2, cart: cart([{ itemId: 'i1', quantity: 2, sku: 'S1' }]) })
    const add = await p.content('CommerceShopping_AddToCart')
    for (const f of COMMERCE_FIELDS) expect(add, f).toHaveProperty(f)
    expect(add).toMatchObject({ cart_id: 'cart9', num_items_in_cart: 2, product_types_list: ['PHYSICAL'], item_quantity: 2, item_price: 12.5 })
    p.bus.emit('cart:updated', { cart: cart([{ itemId: 'i1', quantity: 2, sku: 'S1' }]) })
    p.bus.emit('cart:updated', { cart: cart([]) })
    const removed = await p.content('CommerceShopping_RemoveFromCart')
    for (const f of COMMERCE_FIELDS) expect(removed, f).toHaveProperty(f)
    expect(removed).toMatchObject({ item_id: 'i1', item_quantity: 2, num_items_in_cart: 0, cart_id: 'cart9' })
    expect(removedEntries(cart([{ itemId: 'i1', quantity: 3, sku: 'S1' }]), cart([{ itemId: 'i1', quantity: 1, sku: 'S1' }])).map((r) => r.quantity)).toEqual([2])
    p.api.stop()
  })

  it('ViewCart on the cart page (205) once the cart is known', async () => {
    const p = page(205)
    p.bus.emit('cart:updated', { cart: cart([{ itemId: 'i1', quantity: 1, sku: 'S1' }]) })
    const view = await p.content('CommerceShopping_ViewCart')
    for (const f of COMMERCE_FIELDS) expect(view, f).toHaveProperty(f)
    expect(view).toMatchObject({ cart_id: 'cart9', num_items_in_cart: 1 })
    p.api.stop()
  })

  it('census button-render/button-click, overlay shown/closed, HEARTBEAT 10, AUDIO 20, VIDEO 21 and RecordEvent', async () => {
    const p = page()
    const render = p.form('/api/census/button-render')
    expect(render).toEqual([expect.objectContaining({ visitorCookie: 'm1|1|1|1|1', websiteId: 'w1', pagePath: '/', templateId: 'default', blockId: 'b7', buttonText: 'Contact us' })])
    expect(p.form('/api/census/overlay')).toEqual([expect.objectContaining({ action: 'shown', overlayId: 'pop1' })])
    document.querySelector('a.button')!.addEventListener('click', (e) => e.preventDefault())
    ;(document.querySelector('a.button') as HTMLElement).click()
    expect(p.form('/api/census/button-click')).toHaveLength(1)
    document.getElementById('pop1')!.dispatchEvent(new CustomEvent('sitewright:overlay', { bubbles: true, detail: { action: 'closed' } }))
    expect(p.form('/api/census/overlay').map((f) => f.action)).toEqual(['shown', 'closed'])
    document.querySelector('audio')!.dispatchEvent(new Event('play'))
    const facade = document.querySelector<HTMLElement>('[data-video-play]')!
    facade.addEventListener('click', (e) => e.preventDefault())
    facade.click()
    p.tick()
    const hits = p.form('/api/census/RecordHit').map((h) => ({ event: Number(h.event), data: JSON.parse(h.data!) as Record<string, unknown> }))
    expect(hits.map((h) => h.event)).toEqual([CENSUS_EVENTS.AUDIO, CENSUS_EVENTS.VIDEO, CENSUS_EVENTS.HEARTBEAT])
    expect(CENSUS_EVENTS).toEqual({ HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 })
    expect(hits[1]!.data.mediaUrl).toBe('https://video.example/v/1')
    ;(window as unknown as { Sitewright: { track(e: string, c: object): void } }).Sitewright.track('newsletter-open', { source: 'footer' })
    const [ev] = p.form('/api/events/RecordEvent')
    expect(ev!.event).toBe('newsletter-open')
    expect(JSON.parse(ev!.data!)).toMatchObject({ websiteId: 'w1', pagePath: '/', source: 'footer' })
    p.api.stop()
  })
})
