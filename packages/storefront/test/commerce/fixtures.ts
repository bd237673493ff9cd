// Shared fixtures of the commerce tests: a product page as the theme renders it, carts, and a fake API.
import type { CommerceApi, Result } from '../../src/commerce/api.js'
import type { ShoppingCart, Variant } from '../../src/commerce/types.js'

export const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD', decimalValue: (cents / 100).toFixed(2), currencyCode: 'USD' })

export const TEE_VARIANTS: Variant[] = [
  { sku: 'TEE-S-RED', priceMoney: money(2500), salePriceMoney: money(0), onSale: false, qtyInStock: 5, unlimited: false, attributes: { Size: 'S', Color: 'Red' }, mainImage: { assetUrl: '/img/red.jpg' } },
  { sku: 'TEE-S-BLUE', priceMoney: money(2500), salePriceMoney: money(2000), onSale: true, qtyInStock: 0, unlimited: false, attributes: { Size: 'S', Color: 'Blue' } },
  { sku: 'TEE-M-RED', priceMoney: money(2700), onSale: false, qtyInStock: 1, unlimited: false, attributes: { Size: 'M', Color: 'Red' } },
]

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

function option(name: string, values: string[]) {
  return `<div class="variant-option"><div class="variant-option-title">${name}: </div>
    <div class="variant-select-wrapper"><select aria-label="Select ${name}" data-variant-option-name="${name}"><option value="">Select ${name}</option>${values.map((v) => `<option value="${v}">${v}</option>`).join('')}</select></div>
    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">${values
      .map((v) => `<input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${name}" id="variant-option-${name}-${v}"/><label role="button" tabindex="0" for="variant-option-${name}-${v}">${v}</label>`)
      .join('')}</div></div>`
}

export interface ProductMarkup {
  itemId?: string
  productType?: number
  variants?: Variant[]
  options?: Record<string, string[]>
  quantity?: boolean
  label?: string
  subscription?: boolean
  form?: unknown
  express?: boolean
  instalments?: { locale: string; min: number; max: number } | null
}

/** The product detail markup the theme renders (jsont commerce formatters + the store partials). */
export function productHtml(p: ProductMarkup = {}): string {
  const id = p.itemId ?? 'prod_tee'
  const variants = p.variants ?? TEE_VARIANTS
  const options = p.options ?? { Size: ['S', 'M'], Color: ['Red', 'Blue'] }
  const names = Object.keys(options)
  const inst = p.instalments === undefined ? { locale: 'en-US', min: 100, max: 200000 } : p.instalments
  return `<article class="product-detail" data-item-id="${id}" data-store-slot="products-item">
  <div class="product-gallery"><img class="image product-main-image" src="/img/main.jpg" alt=""></div>
  <div class="product-summary">
    <div class="product-price"><span class="sqs-money-native">25.00</span></div>
    <div class="product-purchase" data-store-slot="product-purchase">
      <div hidden data-product-data data-item-id="${id}" data-product-type="${p.productType ?? 1}" data-currency="USD" data-variants="${attr(JSON.stringify(variants))}"${p.express ? ' data-express-checkout="true"' : ''}></div>
      ${names.length ? `<div class="product-variants" data-item-id="${id}" data-variants="${attr(JSON.stringify(variants))}">${names.map((n) => option(n, options[n]!)).join('')}</div>` : ''}
      ${p.quantity === false ? '' : `<div class="product-quantity-input" data-item-id="${id}"><div class="quantity-label">Quantity:</div><input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></div>`}
      <div class="sqs-add-to-cart-button-wrapper"><div class="sqs-add-to-cart-button" role="button" tabindex="0" data-item-id="${id}" data-product-type="${p.productType ?? 1}" data-original-label="${p.label ?? 'Add To Cart'}"${p.subscription ? ' data-is-subscription="true"' : ''}${p.form ? ` data-form="${attr(JSON.stringify(p.form))}"` : ''}><div class="sqs-add-to-cart-button-inner">${p.label ?? 'Add To Cart'}</div></div></div>
      ${inst ? `<div class="product-instalments" data-instalments data-item-id="${id}" data-locale="${inst.locale}" data-min-cents="${inst.min}" data-max-cents="${inst.max}" data-currency="USD" hidden></div>` : ''}
      <div class="product-scarcity" data-variant-attributes="${attr(JSON.stringify({ Size: 'M', Color: 'Red' }))}" hidden>Only 1 left!</div>
    </div>
  </div>
</article>`
}

export function cart(entries: { sku: string; quantity: number; itemId?: string; cents?: number }[] = []): ShoppingCart {
  const totalQuantity = entries.reduce((n, e) => n + e.quantity, 0)
  const subtotalCents = entries.reduce((n, e) => n + e.quantity * (e.cents ?? 2500), 0)
  return {
    id: 'cart_1',
    entries: entries.map((e, i) => ({ id: `entry_${i + 1}`, itemId: e.itemId ?? 'prod_tee', chosenVariant: { sku: e.sku, attributes: {} }, quantity: e.quantity, title: 'Tee', purchasePriceCents: e.cents ?? 2500 })),
    subtotalCents,
    totalQuantity,
    discountCents: 0,
    coupons: [],
    currency: 'USD',
  }
}

export const ok = <T>(data: T, status = 200): Result<T> => ({ ok: true, status, data })
export const failure = (message: string, status = 400, extra: Partial<Extract<Result<unknown>, { ok: false }>> = {}) =>
  ({ ok: false, kind: 'server', status, message, ...extra }) as const

type Calls = { method: keyof CommerceApi; args: unknown[] }[]

/** A CommerceApi answering from `answers` (method -> function) and recording every call. */
export function fakeApi(answers: Partial<{ [K in keyof CommerceApi]: CommerceApi[K] }>): CommerceApi & { calls: Calls } {
  const calls: Calls = []
  const api = {} as CommerceApi & { calls: Calls }
  const methods: (keyof CommerceApi)[] = ['getCart', 'addEntry', 'updateAdditionalFields', 'setQuantity', 'removeEntry', 'applyCoupon', 'removeCoupon', 'subscribe', 'stock', 'additionalFieldsForm']
  for (const m of methods) {
    ;(api as unknown as Record<string, unknown>)[m] = async (...args: unknown[]) => {
      calls.push({ method: m, args })
      const fn = answers[m] as ((...a: unknown[]) => Promise<unknown>) | undefined
      if (!fn) throw new Error(`unexpected call ${m}`)
      return fn(...args)
    }
  }
  api.calls = calls
  return api
}
