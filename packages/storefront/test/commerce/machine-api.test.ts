// @vitest-environment jsdom
// The button state machine, the API's answer handling and the cart store.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCommerceApi, readResult } from '../../src/commerce/api.js'
import { createButtonMachine, isActivationKey } from '../../src/commerce/button.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { json, memoryStorage, recordingFetch } from '../content/helpers.js'
import type { ShoppingCart } from '../../src/commerce/types.js'
import { cart, fakeApi, ok } from './fixtures.js'

afterEach(() => vi.useRealTimers())

describe('add-to-cart button state machine', () => {
  it("idle -> 'Adding…' -> after 1 s 'Added!' for 2 s -> idle; clicks ignored unless idle", () => {
    vi.useFakeTimers()
    const m = createButtonMachine('Add To Cart')
    const seen: string[] = []
    m.onChange((s, l) => seen.push(`${s}:${l}`))
    expect(m.label).toBe('Add To Cart')
    expect(m.start()).toBe(true)
    expect(m.label).toBe('Adding…')
    expect(m.start()).toBe(false)
    m.succeed()
    vi.advanceTimersByTime(999)
    expect(m.state).toBe('adding')
    vi.advanceTimersByTime(1)
    expect(m.label).toBe('Added!')
    expect(m.start()).toBe(false) // ignored while added
    vi.advanceTimersByTime(1999)
    expect(m.state).toBe('added')
    vi.advanceTimersByTime(1)
    expect(m.state).toBe('idle')
    expect(seen).toEqual(['adding:Adding…', 'added:Added!', 'idle:Add To Cart'])
  })
  it('goes straight to checkout on an express success', () => {
    const m = createButtonMachine('Purchase')
    m.start()
    m.succeed({ express: true })
    expect(m.state).toBe('checkout')
    expect(m.start()).toBe(false)
  })
  it('returns to idle about 1 s after an error', () => {
    vi.useFakeTimers()
    const m = createButtonMachine('Add To Cart')
    m.start()
    m.fail()
    expect(m.start()).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(m.state).toBe('idle')
    expect(m.start()).toBe(true)
  })
  it('Enter (13) and Space (32) activate', () => {
    expect(isActivationKey({ keyCode: 13, key: '' })).toBe(true)
    expect(isActivationKey({ keyCode: 32, key: '' })).toBe(true)
    expect(isActivationKey({ keyCode: 0, key: 'Enter' })).toBe(true)
    expect(isActivationKey({ keyCode: 9, key: 'Tab' })).toBe(false)
  })
})

describe('API answers', () => {
  it('crumb failure: the session text with cookies on, the enable-cookies text otherwise', async () => {
    const body = () => new Response(JSON.stringify({ crumbFail: true, error: 'bad crumb' }), { status: 403 })
    expect(await readResult(body(), { cookiesEnabled: () => true })).toMatchObject({ ok: false, kind: 'crumb', message: 'Your session has expired. Please reload the page and try again.' })
    expect(await readResult(body(), { cookiesEnabled: () => false })).toMatchObject({ message: 'Please enable cookies in your browser, reload the page, and try again.' })
  })
  it("429 says 'Please try again in a few seconds.'; other errors carry the server message", async () => {
    expect(await readResult(json(429, {}))).toMatchObject({ kind: 'rate-limited', message: 'Please try again in a few seconds.' })
    const r = await readResult(json(409, { error: { type: 'conflict', code: 'insufficient_inventory', message: 'Sorry, we do not have enough of that item available.' } }))
    expect(r).toMatchObject({ ok: false, kind: 'server', status: 409, message: 'Sorry, we do not have enough of that item available.' })
    const v = await readResult(json(400, { error: { type: 'invalid_data', code: 'validation_failed', message: 'Invalid', fields: { f1: 'Bad value' } } }))
    expect(v).toMatchObject({ fieldErrors: { f1: 'Bad value' } })
    expect(await readResult(new Response('oops', { status: 500 }))).toMatchObject({ message: 'Something went wrong' })
  })
  it('sends the spec paths and bodies, with the crumb on state-changing calls', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { newlyAdded: {}, shoppingCart: cart() }))
    const api = createCommerceApi({ fetch, cookies: () => 'crumb=c1' })
    await api.addEntry({ itemId: 'i1', sku: 's1', quantity: 2, additionalFields: null }, 'key-1')
    await api.getCart()
    await api.subscribe({ itemId: 'i1', sku: 's1', qty: 1, additionalFields: '{"a":"b"}' })
    await api.stock('i 1')
    await api.updateAdditionalFields('e1', { itemId: 'i1', sku: 's1', additionalFields: '{}' })
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/commerce/shopping-cart/entries',
      'GET /api/commerce/shopping-cart?calculateSubtotal=true',
      'POST /api/3/commerce/cart/subscription',
      'GET /api/commerce/inventory/stock/?itemId=i%201',
      'PUT /api/commerce/shopping-cart/entries/e1/additionalFields',
    ])
    expect(JSON.parse(calls[0]!.body!)).toEqual({ itemId: 'i1', sku: 's1', quantity: 2, additionalFields: null })
    expect(calls[0]!.headers.get('x-csrf-token')).toBe('c1')
    expect(calls[0]!.headers.get('idempotency-key')).toBe('key-1')
    expect(calls[1]!.headers.get('x-csrf-token')).toBeNull()
    expect(JSON.parse(calls[2]!.body!)).toEqual({ itemId: 'i1', sku: 's1', qty: 1, additionalFields: '{"a":"b"}' })
  })
  it('turns a network failure into a value', async () => {
    const api = createCommerceApi({ fetch: async () => { throw new TypeError('offline') } })
    expect(await api.getCart()).toMatchObject({ ok: false, kind: 'network', message: 'Network error' })
  })
})

describe('cart store', () => {
  it('loads the cart, announces it, and sets the has-cart marker', async () => {
    const bus = createEventBus<StorefrontEvents>()
    const seen: number[] = []
    bus.on('cart:updated', ({ cart: c }) => seen.push(c.totalQuantity))
    const storage = { ...memoryStorage(), removeItem: () => {} }
    const store = createCartStore({ api: fakeApi({ getCart: async () => ok(cart([{ sku: 'A', quantity: 2 }])) }), bus, storage })
    await store.load()
    expect(store.cart?.totalQuantity).toBe(2)
    expect(seen).toEqual([2])
    expect(storage.map.get('sw:has-cart')).toBe('1')
  })
  it('sets the is-recalculating flag for the length of a change', async () => {
    const bus = createEventBus<StorefrontEvents>()
    const flags: boolean[] = []
    bus.on('cart:recalculating', ({ recalculating }) => flags.push(recalculating))
    const root = document.createElement('html')
    const store = createCartStore({ api: fakeApi({}), bus, root })
    let release!: () => void
    const pending = store.recalculate<{ shoppingCart: ShoppingCart }>(
      () => new Promise((r) => (release = () => r(ok({ shoppingCart: cart([{ sku: 'A', quantity: 1 }]) })))),
      (d) => d.shoppingCart,
    )
    expect(store.recalculating).toBe(true)
    expect(root.dataset.recalculating).toBe('true')
    release()
    await pending
    expect(store.recalculating).toBe(false)
    expect(root.dataset.recalculating).toBeUndefined()
    expect(flags).toEqual([true, false])
    expect(store.cart?.totalQuantity).toBe(1)
  })
  it('keeps the cart when a change fails', async () => {
    const bus = createEventBus<StorefrontEvents>()
    const store = createCartStore({ api: fakeApi({}), bus })
    store.set(cart([{ sku: 'A', quantity: 3 }]))
    const res = await store.recalculate(async () => ({ ok: false as const, kind: 'server' as const, status: 400, message: 'no' }), () => cart())
    expect(res.ok).toBe(false)
    expect(store.cart?.totalQuantity).toBe(3)
  })
})
