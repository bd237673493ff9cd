// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { byLabel, byText, choose, click, messageFor, typeInto, waitFor, type Rendered } from '../dom.js'
import { collectionsReply, productView } from './fixtures.js'
import { apiUrl, commerceUrl, json, mountCommerce, settingsReply, type Call, type Reply } from './stub.js'
import { act } from 'react'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const input = (root: ParentNode, label: string) => {
  const el = root.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)
  if (!el) throw new Error(`no input ${label}`)
  return el
}
const blur = (el: HTMLElement) => act(async () => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
const bodyOf = (calls: Call[], method: string) => calls.find((c) => c.method === method)?.body as Record<string, any>
const formsReply: Reply = json(200, { forms: [{ id: 'f1', name: 'Engraving' }] })

async function newProduct(routes: Record<string, Reply | ((c: Call) => Reply)> = {}) {
  const m = await mountCommerce(commerceUrl('products', 'new', 'shop'), {
    [`GET /api/sites/${'0123456789abcdef01234567'}/forms`]: formsReply,
    [`GET /api/sites/${'0123456789abcdef01234567'}/files`]: json(200, { files: [], nextCursor: null }),
    ...routes,
  })
  view = m.view
  await waitFor(() => byText(m.view.container, 'button', 'Create product'))
  return { root: m.view.container, calls: m.calls }
}

async function setOption(root: HTMLElement, index: number, name: string, values: string) {
  if (!root.querySelector(`[aria-label="Option ${index + 1}"]`)) await click(byText(root, 'button', 'Add option')!)
  const group = root.querySelector<HTMLElement>(`[aria-label="Option ${index + 1}"]`)!
  const nameInput = byLabel(group, 'Option name')
  await typeInto(nameInput, name)
  await blur(nameInput)
  const valuesInput = byLabel(group, 'Values')
  await typeInto(valuesInput, values)
  await blur(valuesInput)
}

describe('product editor: variants matrix', () => {
  it('generates a row per combination, bulk-sets prices and stock, and sends minor units', async () => {
    const { root, calls } = await newProduct({
      [`POST ${apiUrl('/products')}`]: json(201, { product: productView({ id: 'p9', title: 'Tee', variants: [{ sku: 'A', price: 1250 }] }) }),
      [`GET ${apiUrl('/products/p9')}`]: json(200, { product: productView({ id: 'p9', title: 'Tee', variants: [{ sku: 'A', price: 1250 }] }) }),
    })
    await typeInto(byLabel(root, 'Title'), 'Tee')
    await setOption(root, 0, 'Size', 'S, M')
    await setOption(root, 1, 'Colour', 'Red, Blue')
    const rows = [...root.querySelectorAll('.variants-table tbody th')].map((t) => t.textContent)
    expect(rows).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue'])

    const bulk = root.querySelector<HTMLElement>('[aria-label="Bulk set"]')!
    await typeInto(byLabel(bulk, 'to'), '12.50')
    await click(byText(bulk, 'button', 'Apply')!)
    await choose(byLabel<HTMLSelectElement>(bulk, 'Set'), 'qtyInStock')
    await typeInto(byLabel(bulk, 'to'), '3')
    await click(byText(bulk, 'button', 'Apply')!)
    await typeInto(input(root, 'Stock of M / Blue'), '0')
    await click(input(root, 'M / Blue unlimited'))
    expect(input(root, 'Price of M / Red').value).toBe('12.50')

    await click(byText(root, 'button', 'Create product')!)
    await waitFor(() => calls.some((c) => c.method === 'POST'))
    const body = bodyOf(calls, 'POST')
    expect(body.collectionId).toBe('shop')
    expect(body.productType).toBe(1)
    expect(body.variantOptions).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ])
    expect(body.variants.map((v: any) => [v.attributes, v.priceCents, v.qtyInStock, v.unlimited])).toEqual([
      [{ Size: 'S', Colour: 'Red' }, 1250, 3, false],
      [{ Size: 'S', Colour: 'Blue' }, 1250, 3, false],
      [{ Size: 'M', Colour: 'Red' }, 1250, 3, false],
      [{ Size: 'M', Colour: 'Blue' }, 1250, 0, true],
    ])
    expect(body.variants[0]).not.toHaveProperty('sku')
    await waitFor(() => window.location.pathname === commerceUrl('products', 'p9'))
  })

  it('sends JPY prices without minor digits and rejects decimals', async () => {
    const { root, calls } = await newProduct({
      [`GET ${apiUrl('/settings')}`]: settingsReply('JPY'),
      [`POST ${apiUrl('/products')}`]: json(400, { error: { type: 'invalid_data', code: 'x', message: 'stop' } }),
    })
    await typeInto(byLabel(root, 'Title'), 'Tea bowl')
    await typeInto(input(root, 'Price of Default'), '12.5')
    await click(byText(root, 'button', 'Create product')!)
    expect(messageFor(input(root, 'Price of Default'))).toBe('JPY amounts have no decimals.')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await typeInto(input(root, 'Price of Default'), '1200')
    await click(byText(root, 'button', 'Create product')!)
    await waitFor(() => calls.some((c) => c.method === 'POST'))
    expect(bodyOf(calls, 'POST').variants[0].priceCents).toBe(1200)
  })
})

describe('product editor: validation messages', () => {
  it('shows client messages under the fields before sending anything', async () => {
    const { root, calls } = await newProduct()
    await click(byText(root, 'button', 'Create product')!)
    expect(messageFor(byLabel(root, 'Title'))).toBe('Enter a title.')
    expect(messageFor(input(root, 'Price of Default'))).toBe('Enter an amount.')
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Please correct the highlighted fields.')
    await typeInto(input(root, 'Price of Default'), '10')
    await typeInto(input(root, 'Sale price of Default'), '12')
    await click(input(root, 'Default on sale'))
    await click(byText(root, 'button', 'Create product')!)
    expect(messageFor(input(root, 'Sale price of Default'))).toBe('The sale price must be below the price.')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it("shows the server's fields map as-is under the fields, and the rest in the alert", async () => {
    const { root } = await newProduct({
      [`POST ${apiUrl('/products')}`]: json(400, {
        error: {
          type: 'invalid_data',
          code: 'validation_failed',
          message: 'Please correct the request fields: title, variants.0.priceCents, audioAssetUrl.',
          fields: { title: 'At most 200 characters.', 'variants.0.priceCents': 'Too large.', audioAssetUrl: 'Invalid input' },
        },
      }),
    })
    await typeInto(byLabel(root, 'Title'), 'Lamp')
    await typeInto(input(root, 'Price of Default'), '10')
    await click(byText(root, 'button', 'Create product')!)
    await waitFor(() => messageFor(byLabel(root, 'Title')))
    expect(messageFor(byLabel(root, 'Title'))).toBe('At most 200 characters.')
    expect(messageFor(input(root, 'Price of Default'))).toBe('Too large.')
    const alert = root.querySelector('[role="alert"]')!.textContent
    expect(alert).toContain('Please correct the request fields: title, variants.0.priceCents, audioAssetUrl.')
    expect(alert).toContain('audioAssetUrl: Invalid input')
    expect(alert).not.toContain('Too large.')
  })
})

describe('product editor: subscriptions, gift cards, button text', () => {
  it('offers a subscription plan only for physical products and services, with the price wording', async () => {
    const { root, calls } = await newProduct({ [`POST ${apiUrl('/products')}`]: json(400, { error: { type: 'invalid_data', code: 'x', message: 'stop' } }) })
    const type = byLabel<HTMLSelectElement>(root, 'Product type')
    for (const [value, offered] of [['1', true], ['2', false], ['3', true], ['4', false], ['5', false]] as const) {
      await choose(type, value)
      expect(root.querySelector('[name="isSubscribable"]') !== null).toBe(offered)
      if (!offered) expect(root.textContent).toContain('Only physical products and services can be sold as subscriptions.')
    }
    await choose(type, '3')
    await typeInto(byLabel(root, 'Title'), 'Coaching')
    await typeInto(input(root, 'Price of Default'), '40')
    await click(byLabel(root, 'Sell as a subscription'))
    await typeInto(byLabel(root, 'Bill every'), '2')
    await choose(byLabel<HTMLSelectElement>(root, 'Billing unit'), 'WEEK')
    await typeInto(byLabel(root, 'Number of billing cycles'), '26')
    expect(root.querySelector('[data-testid="subscription-preview"]')?.textContent).toBe('$40.00 every 2 weeks for 1 year')
    await typeInto(byLabel(root, 'Number of billing cycles'), '0')
    expect(root.querySelector('[data-testid="subscription-preview"]')?.textContent).toBe('$40.00 every 2 weeks')
    await click(byText(root, 'button', 'Create product')!)
    await waitFor(() => calls.some((c) => c.method === 'POST'))
    const body = bodyOf(calls, 'POST')
    expect(body.productType).toBe(3)
    expect(body.isSubscribable).toBe(true)
    expect(body.subscriptionPlan).toEqual({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 })
  })

  it('sends gift-card denominations as Amount variants, with custom button text and a form', async () => {
    const { root, calls } = await newProduct({ [`POST ${apiUrl('/products')}`]: json(400, { error: { type: 'invalid_data', code: 'x', message: 'stop' } }) })
    await choose(byLabel<HTMLSelectElement>(root, 'Product type'), '4')
    await typeInto(byLabel(root, 'Title'), 'Gift card')
    await typeInto(input(root, 'Denomination 1 (USD)'), '25')
    await click(byText(root, 'button', 'Add denomination')!)
    await typeInto(input(root, 'Denomination 2 (USD)'), '25.00')
    await click(byText(root, 'button', 'Create product')!)
    expect(messageFor(input(root, 'Denomination 2 (USD)'))).toBe('Each denomination must be different.')
    await typeInto(input(root, 'Denomination 2 (USD)'), '50')
    await click(byLabel(root, 'Use custom button text'))
    await typeInto(byLabel(root, 'Button text'), 'Send a gift')
    await waitFor(() => byText(root, 'option', 'Engraving'))
    await choose(byLabel<HTMLSelectElement>(root, 'Additional fields form'), 'f1')
    await click(byText(root, 'button', 'Create product')!)
    await waitFor(() => calls.some((c) => c.method === 'POST'))
    const body = bodyOf(calls, 'POST')
    expect(body.variantOptions).toEqual([{ name: 'Amount', values: ['$25.00', '$50.00'] }])
    expect(body.variants.map((v: any) => [v.attributes, v.priceCents, v.unlimited])).toEqual([
      [{ Amount: '$25.00' }, 2500, true],
      [{ Amount: '$50.00' }, 5000, true],
    ])
    expect(body.useCustomAddButtonText).toBe(true)
    expect(body.customAddButtonText).toBe('Send a gift')
    expect(body.additionalFieldsFormId).toBe('f1')
  })
})

describe('product editor: existing product', () => {
  it('loads prices in major units, then saves the fields and the variants (keeping SKUs) in one PATCH', async () => {
    const tee = productView({
      id: 'p1',
      title: 'Tee',
      variantOptions: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { sku: 'TEE-S', attributes: { Size: 'S' }, price: 1999, qtyInStock: 4 },
        { sku: 'TEE-M', attributes: { Size: 'M' }, price: 1999, salePrice: 1500, onSale: true, qtyInStock: 0 },
      ],
    })
    const m = await mountCommerce(commerceUrl('products', 'p1'), {
      [`GET ${apiUrl('/products/p1')}`]: json(200, { product: tee }),
      [`PATCH ${apiUrl('/products/p1')}`]: json(200, { product: tee }),
      [`GET /api/sites/0123456789abcdef01234567/content/collections`]: json(200, collectionsReply),
      [`GET /api/sites/0123456789abcdef01234567/forms`]: formsReply,
      [`GET /api/sites/0123456789abcdef01234567/files`]: json(200, { files: [], nextCursor: null }),
    })
    view = m.view
    const root = m.view.container
    await waitFor(() => root.querySelector('.variants-table'))
    expect(input(root, 'Price of S').value).toBe('19.99')
    expect(input(root, 'Sale price of M').value).toBe('15.00')
    expect(input(root, 'SKU of M').value).toBe('TEE-M')
    expect(root.querySelector('[name="productType"]')).toBeNull()
    await waitFor(() => root.textContent?.includes('Address: /shop/tee'))
    await setOption(root, 0, 'Size', 'S, M, L')
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => m.calls.some((c) => c.method === 'PATCH'))
    const methods = m.calls.filter((c) => c.method !== 'GET').map((c) => c.method)
    expect(methods).toEqual(['PATCH'])
    const patch = bodyOf(m.calls, 'PATCH')
    expect(patch).not.toHaveProperty('productType')
    expect(patch.variantOptions).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }])
    expect(patch.variants.map((v: any) => [v.sku, v.attributes.Size, v.priceCents, v.salePriceCents, v.onSale, v.qtyInStock])).toEqual([
      ['TEE-S', 'S', 1999, 0, false, 4],
      ['TEE-M', 'M', 1999, 1500, true, 0],
      [undefined, 'L', 1999, 0, false, 0],
    ])
    await waitFor(() => root.textContent?.includes('Product saved'))
  })
})
