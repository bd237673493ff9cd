// @vitest-environment jsdom
// The product page as a shopper uses it: selectors, messages, button states, alerts, redirects.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { initProducts, type ProductDeps } from '../../src/commerce/product.js'
import type { CommerceApi } from '../../src/commerce/api.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page } from '../content/helpers.js'
import { cart, failure, fakeApi, ok, productHtml, TEE_VARIANTS, type ProductMarkup } from './fixtures.js'

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}
/** Once the offer's chunk has loaded here, an import of it the product code made has settled too (one module). */
const offerChunkSettled = async () => {
  await import('../../src/commerce/instalment-offer.js')
  await flush()
}

interface Setup {
  api: CommerceApi & { calls: { method: string; args: unknown[] }[] }
  alerts: [string, string][]
  navigations: string[]
  button: HTMLElement
  label: () => string
  bus: ReturnType<typeof createEventBus<StorefrontEvents>>
  store: ReturnType<typeof createCartStore>
}

function setup(markup: ProductMarkup, answers: Parameters<typeof fakeApi>[0], extra: Partial<ProductDeps> = {}): Setup {
  page(productHtml({ instalments: null, ...markup }))
  const api = fakeApi(answers)
  const bus = createEventBus<StorefrontEvents>()
  const store = createCartStore({ api, bus })
  const alerts: [string, string][] = []
  const navigations: string[] = []
  initProducts(document, { api, bus, store, alert: (t, m) => alerts.push([t, m]), navigate: (u) => navigations.push(u), ...extra })
  const button = document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!
  return { api, alerts, navigations, button, bus, store, label: () => button.textContent!.trim() }
}

function choose(name: string, value: string) {
  const select = document.querySelector<HTMLSelectElement>(`select[data-variant-option-name="${name}"]`)!
  select.value = value
  select.dispatchEvent(new Event('change'))
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('product page: variant selection', () => {
  it('says which options are unselected, in an Unable to Add Item alert, and returns to idle after 1 s', async () => {
    const s = setup({}, {})
    s.button.click()
    expect(s.label()).toBe('Adding…')
    await flush()
    expect(s.alerts).toEqual([['Unable to Add Item', 'Please select the Size and Color options.']])
    choose('Size', 'S')
    vi.advanceTimersByTime(1000)
    expect(s.label()).toBe('Add To Cart')
    s.button.click()
    await flush()
    expect(s.alerts[1]).toEqual(['Unable to Add Item', 'Please select the Color option.'])
    expect(s.api.calls).toEqual([])
  })

  it('keeps the dropdown and the radio buttons in step', () => {
    setup({}, {})
    choose('Size', 'M')
    expect(document.querySelector<HTMLInputElement>('#variant-option-Size-M')!.checked).toBe(true)
    const radio = document.querySelector<HTMLInputElement>('#variant-option-Color-Blue')!
    radio.checked = true
    radio.dispatchEvent(new Event('change'))
    expect(document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Color"]')!.value).toBe('Blue')
  })

  it('shows the variant price, sale price, sold-out mark, scarcity and main image on change', () => {
    setup({}, {})
    const price = () => document.querySelector('.product-price')!.textContent!.replace(/\s+/g, ' ').trim()
    choose('Size', 'S')
    choose('Color', 'Blue')
    expect(price()).toBe('Sale Price:20.00 Original Price:25.00')
    const mark = document.querySelector<HTMLElement>('[data-variant-sold-out]')!
    expect(mark.hidden).toBe(false)
    expect(mark.textContent).toBe('sold out')
    choose('Color', 'Red')
    expect(price()).toBe('25.00')
    expect(mark.hidden).toBe(true)
    const main = document.querySelector<HTMLImageElement>('img[src="/img/main.jpg"]')!
    const variantImg = document.querySelector<HTMLImageElement>('img[data-variant-image="/img/red.jpg"]')!
    expect(main.hidden).toBe(true)
    expect(variantImg.hidden).toBe(false)
    expect(document.querySelector<HTMLElement>('.product-scarcity')!.hidden).toBe(true)
    choose('Size', 'M')
    expect(document.querySelector<HTMLElement>('.product-scarcity')!.hidden).toBe(false)
  })

  it('says the variant is unavailable, and that there is not enough stock', async () => {
    const s = setup({}, {})
    choose('Size', 'M')
    choose('Color', 'Blue')
    s.button.click()
    await flush()
    expect(s.alerts[0]![1]).toBe('Sorry, that item variant is unavailable. Please select another variant.')
    vi.advanceTimersByTime(1000)
    choose('Size', 'S') // S/Blue: none in stock -> the button is the sold-out one, disabled
    expect(s.label()).toBe('sold out')
    expect(s.button.getAttribute('aria-disabled')).toBe('true')
    s.button.click()
    await flush()
    expect(s.alerts).toHaveLength(1)
    choose('Color', 'Red') // S/Red: 5 in stock
    expect(s.label()).toBe('Add To Cart')
    expect(s.button.getAttribute('aria-disabled')).toBe('false')
    document.querySelector<HTMLInputElement>('.product-quantity-input input')!.value = '6'
    s.button.click()
    await flush()
    expect(s.alerts[1]![1]).toBe('Sorry, we do not have enough of that item available. Only 5 available.')
    expect(s.api.calls).toEqual([])
  })

  it('checks the quantity input', async () => {
    const s = setup({}, {})
    choose('Size', 'S')
    choose('Color', 'Red')
    const q = document.querySelector<HTMLInputElement>('.product-quantity-input input')!
    q.value = '1.5'
    s.button.click()
    await flush()
    expect(s.alerts[0]![1]).toBe('Quantity must be a whole number')
  })
})

describe('product page: adding', () => {
  it("adds the chosen variant: 'Adding…', then 'Added!' after 1 s for 2 s; the cart is announced", async () => {
    const updated: number[] = []
    const s = setup({}, { addEntry: async () => ok({ newlyAdded: { id: 'e1', itemId: 'prod_tee', quantity: 2 }, shoppingCart: cart([{ sku: 'TEE-S-RED', quantity: 2 }]) }) })
    s.bus.on('cart:updated', ({ cart: c }) => updated.push(c.totalQuantity))
    choose('Size', 'S')
    choose('Color', 'Red')
    document.querySelector<HTMLInputElement>('.product-quantity-input input')!.value = '2'
    s.button.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, bubbles: true } as KeyboardEventInit))
    expect(s.label()).toBe('Adding…')
    await flush()
    expect(s.api.calls[0]).toEqual({ method: 'addEntry', args: [{ itemId: 'prod_tee', sku: 'TEE-S-RED', quantity: 2, additionalFields: null }] })
    expect(updated).toEqual([2])
    vi.advanceTimersByTime(1000)
    expect(s.label()).toBe('Added!')
    s.button.click() // ignored while added
    vi.advanceTimersByTime(2000)
    expect(s.label()).toBe('Add To Cart')
    expect(s.api.calls).toHaveLength(1)
    expect(s.alerts).toEqual([])
  })

  it('shows the server message, the 429 text and the crumb text in the alert', async () => {
    const answers = [
      failure('Sorry, we do not have enough of that item available.', 409),
      { ok: false as const, kind: 'rate-limited' as const, status: 429, message: 'Please try again in a few seconds.' },
      { ok: false as const, kind: 'crumb' as const, status: 403, message: 'Your session has expired. Please reload the page and try again.' },
    ]
    const s = setup({ options: {}, variants: [{ sku: 'ONE', unlimited: true }] }, { addEntry: async () => answers.shift()! })
    for (let i = 0; i < 3; i++) {
      s.button.click()
      await flush()
      vi.advanceTimersByTime(1000)
    }
    expect(s.alerts.map((a) => a[1])).toEqual([
      'Sorry, we do not have enough of that item available.',
      'Please try again in a few seconds.',
      'Your session has expired. Please reload the page and try again.',
    ])
    expect(s.alerts.every((a) => a[0] === 'Unable to Add Item')).toBe(true)
  })

  it("express checkout: 'Unable to Purchase Item' alerts, success goes straight to checkout", async () => {
    const answers = [failure('Out of stock', 409), ok({ newlyAdded: { id: 'e1', itemId: 'prod_tee', quantity: 1 }, shoppingCart: cart([{ sku: 'ONE', quantity: 1 }]) })]
    // the theme printed its usual label; with express checkout on the button reads 'Purchase'
    const s = setup({ options: {}, variants: [{ sku: 'ONE', unlimited: true }], express: true, label: 'Add To Cart' }, { addEntry: async () => answers.shift()! })
    expect(s.label()).toBe('Purchase')
    s.button.click()
    await flush()
    expect(s.alerts[0]).toEqual(['Unable to Purchase Item', 'Out of stock'])
    vi.advanceTimersByTime(1000)
    s.button.click()
    await flush()
    expect(s.navigations).toEqual(['/checkout'])
  })

  it('subscriptions go to the subscription page with the returned cartToken', async () => {
    const s = setup({ options: {}, variants: [{ sku: 'SUB', unlimited: true }], subscription: true, label: 'Subscribe' }, { subscribe: async () => ok({ cartToken: 'tok 1' }) })
    s.button.click()
    await flush()
    expect(s.api.calls[0]).toEqual({ method: 'subscribe', args: [{ itemId: 'prod_tee', sku: 'SUB', qty: 1, additionalFields: null }] })
    expect(s.navigations).toEqual(['/checkout?cartToken=tok%201'])
  })

  it('gift cards need a denomination, then go to the gift-card page with the item and denomination', async () => {
    const variants = [{ sku: 'GC-25', attributes: { Amount: '$25' } }, { sku: 'GC-50', attributes: { Amount: '$50' } }]
    const s = setup({ productType: 4, variants, options: { Amount: ['$25', '$50'] } }, {
      addEntry: async () => ok({ newlyAdded: { id: 'e1', itemId: 'prod_tee', quantity: 1 }, shoppingCart: cart([{ sku: 'GC-50', quantity: 1 }]) }),
    })
    s.button.click()
    await flush()
    expect(s.alerts[0]).toEqual(['Unable to purchase Gift Card', 'Select a denomination for the Gift Card'])
    vi.advanceTimersByTime(1000)
    choose('Amount', '$50')
    s.button.click()
    await flush()
    expect(s.api.calls).toEqual([]) // the gift-card page adds it, with the recipient's details
    expect(s.navigations).toEqual(['/commerce/gift-card?itemId=prod_tee&sku=GC-50'])
  })

  it('form items: checks stock first, then sends the fields with the entry', async () => {
    const form = { id: 'f1', fields: [{ id: 'name', type: 'text', title: 'Name', required: true }] }
    const answers = [ok({ results: [{ sku: 'ONE', variantId: 'v1', qtyInStock: 1, unlimited: false }] }), ok({ results: [{ sku: 'ONE', variantId: 'v1', qtyInStock: 5, unlimited: false }] })]
    const opened: string[] = []
    const s = setup(
      { options: {}, variants: [{ sku: 'ONE', qtyInStock: 5 }], form },
      {
        stock: async () => answers.shift()!,
        addEntry: async () => ok({ newlyAdded: { id: 'e1', itemId: 'prod_tee', quantity: 1 }, shoppingCart: cart([{ sku: 'ONE', quantity: 1 }]) }),
      },
      {
        openForm: async (f, submit) => {
          opened.push((f as { id: string }).id)
          return submit('{"name":"Ada"}')
        },
      },
    )
    // one already in the cart and only one in stock: not enough, and the form does not open
    s.store.set(cart([{ sku: 'ONE', quantity: 1 }]))
    s.button.click()
    await flush()
    expect(s.alerts).toEqual([['Unable to Add Item', 'Sorry, we do not have enough of that item available.']])
    expect(opened).toEqual([])
    vi.advanceTimersByTime(1000)
    s.button.click()
    await flush()
    expect(opened).toEqual(['f1'])
    expect(s.api.calls.map((c) => c.method)).toEqual(['stock', 'stock', 'addEntry'])
    expect(s.api.calls[2]!.args[0]).toMatchObject({ additionalFields: '{"name":"Ada"}' })
  })

  it('product blocks without variant data: one variant adds from the stock answer, several go to the product page', async () => {
    const block = (id: string) => `<div class="product-block" data-product-block data-item-id="${id}"><h3><a href="/shop/${id}">P</a></h3>
      <div class="sqs-add-to-cart-button" role="button" tabindex="0" data-item-id="${id}" data-product-type="1" data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div>`
    page(block('one') + block('many'))
    const api = fakeApi({
      stock: async (itemId) => ok({ results: itemId === 'one' ? [{ sku: 'ONE-1', variantId: 'v1', unlimited: true, qtyInStock: 0 }] : [{ sku: 'M-1', variantId: 'v2', unlimited: false, qtyInStock: 1 }, { sku: 'M-2', variantId: 'v3', unlimited: false, qtyInStock: 1 }] }),
      addEntry: async () => ok({ newlyAdded: { id: 'e1', itemId: 'one', quantity: 1 }, shoppingCart: cart([{ sku: 'ONE-1', quantity: 1 }]) }),
    })
    const bus = createEventBus<StorefrontEvents>()
    const navigations: string[] = []
    initProducts(document, { api, bus, store: createCartStore({ api, bus }), navigate: (u) => navigations.push(u), alert: () => {} })
    const [one, many] = [...document.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button')]
    one!.click()
    await flush()
    expect(api.calls.find((c) => c.method === 'addEntry')!.args[0]).toEqual({ itemId: 'one', sku: 'ONE-1', quantity: 1, additionalFields: null })
    many!.click()
    await flush()
    expect(navigations).toEqual(['http://localhost:3000/shop/many'])
  })
})

describe('product page: the instalment offer', () => {
  const offer = () => document.querySelector<HTMLElement>('[data-instalments]')!
  const INSTALMENTS = { locale: 'en-US', min: 100, max: 200000 }
  beforeEach(() => vi.useRealTimers())

  it('shows for an in-stock physical product and hides while a sold-out variant is chosen', async () => {
    setup({ instalments: INSTALMENTS }, {})
    await vi.waitFor(() => expect(offer().hidden).toBe(false))
    expect(offer().querySelector('.instalments-pill')!.textContent).toBe('Afterpay')
    choose('Size', 'S')
    choose('Color', 'Blue') // TEE-S-BLUE: none in stock
    await vi.waitFor(() => expect(offer().hidden).toBe(true))
    choose('Color', 'Red')
    await vi.waitFor(() => expect(offer().hidden).toBe(false))
  })

  it('never shows for a sold-out product or a subscription', async () => {
    const gone = TEE_VARIANTS.map((v) => ({ ...v, qtyInStock: 0, unlimited: false }))
    setup({ instalments: INSTALMENTS, variants: gone }, {})
    await offerChunkSettled()
    expect(offer().hidden).toBe(true)
    expect(offer().querySelector('.instalments-pill')).toBeNull()

    setup({ instalments: INSTALMENTS, subscription: true }, {})
    await offerChunkSettled()
    expect(offer().hidden).toBe(true)
    expect(offer().querySelector('.instalments-pill')).toBeNull()
  })
})
