// @vitest-environment jsdom
// The gift-card page (denomination, recipient fields, then checkout) and editing an entry's additional fields at
// /cart (the lightbox filled with the entry's answers, saved through PUT .../additionalFields).
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../src/commerce/api.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { wireGiftCard } from '../../src/commerce/gift-card.js'
import { init as initCartPage } from '../../src/commerce/islands/cart-page.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page } from '../content/helpers.js'
import { cart, failure, fakeApi, ok } from './fixtures.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(() => {
  document.body.innerHTML = ''
})
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/** The gift-card template's form (themes/default/templates/gift-card.jsont). */
const GIFT_CARD_PAGE = (checked: string | null, box = '') => `<form data-gift-card-form data-item-id="gc1">
  <input type="hidden" name="itemId" value="gc1">
  ${checked ? '' : '<p data-gift-card-message role="alert">Select a denomination for the Gift Card</p>'}
  <label><input type="radio" name="sku" value="GC-25"${checked === 'GC-25' ? ' checked' : ''}> 25.00</label>
  <label><input type="radio" name="sku" value="GC-50"${checked === 'GC-50' ? ' checked' : ''}> 50.00</label>
  <div data-field="recipientName"><label>Recipient name<input name="recipientName"></label></div>
  <div data-field="recipientEmail"><label>Recipient email<input type="email" name="recipientEmail"></label></div>
  <div data-field="senderName"><label>Your name<input name="senderName"></label></div>
  <div data-field="message"><label>Message<textarea name="message"></textarea></label></div>${box}
  <p data-gift-card-status role="alert"></p><button type="submit">Continue to Checkout</button></form>`

function giftCard(checked: string | null, addEntry: Parameters<typeof fakeApi>[0]['addEntry'], box = '') {
  page(GIFT_CARD_PAGE(checked, box))
  const api = fakeApi({ addEntry })
  const bus = createEventBus<StorefrontEvents>()
  const store = createCartStore({ api, bus })
  const alerts: [string, string][] = []
  const navigations: string[] = []
  const form = document.querySelector<HTMLFormElement>('form')!
  wireGiftCard(form, { api, bus, store, win: window, alert: (t, m) => alerts.push([t, m]), navigate: (u) => navigations.push(u) })
  const set = (name: string, value: string) => ((form.elements.namedItem(name) as HTMLInputElement).value = value)
  return { api, form, alerts, navigations, set, errors: () => [...form.querySelectorAll('.field-error')].map((e) => [e.parentElement!.dataset.field, e.textContent]) }
}

describe('gift-card page', () => {
  it("asks for a denomination first ('Unable to purchase Gift Card'), then 'Required' by the empty recipient fields", async () => {
    const g = giftCard(null, async () => ok({ newlyAdded: { id: 'e1', itemId: 'gc1', quantity: 1 }, shoppingCart: cart() }))
    g.form.requestSubmit()
    await flush()
    expect(g.alerts).toEqual([['Unable to purchase Gift Card', 'Select a denomination for the Gift Card']])
    const radio = g.form.querySelector<HTMLInputElement>('input[value="GC-50"]')!
    radio.checked = true
    radio.dispatchEvent(new Event('change', { bubbles: true }))
    expect(document.querySelector<HTMLElement>('[data-gift-card-message]')!.hidden).toBe(true)
    g.form.requestSubmit()
    await flush()
    expect(g.errors()).toEqual([['recipientName', 'Required'], ['recipientEmail', 'Required'], ['senderName', 'Required']])
    expect(g.api.calls).toEqual([])
  })

  it('adds the card with its denomination and the recipient details, then goes to checkout', async () => {
    const g = giftCard('GC-50', async () => ok({ newlyAdded: { id: 'e1', itemId: 'gc1', quantity: 1 }, shoppingCart: cart([{ sku: 'GC-50', quantity: 1, itemId: 'gc1', cents: 5000 }]) }))
    g.set('recipientName', ' Grace ')
    g.set('recipientEmail', 'grace@example.com')
    g.set('senderName', ' Ada ')
    g.set('message', 'Happy birthday')
    g.form.requestSubmit()
    await flush()
    expect(g.api.calls).toEqual([{ method: 'addEntry', args: [{ itemId: 'gc1', sku: 'GC-50', quantity: 1, additionalFields: JSON.stringify({ recipientName: 'Grace', recipientEmail: 'grace@example.com', senderName: 'Ada', message: 'Happy birthday' }) }] }])
    expect(g.navigations).toEqual(['/checkout'])
  })

  it("sends the reminder box's answer, 'true' ticked and 'false' left unticked (a refusal), with the recipient details", async () => {
    const BOX = (ticked: boolean) => `<div data-field="reminderConsent"><label><input type="checkbox" name="reminderConsent" value="true"${ticked ? ' checked' : ''}> Email the recipient a reminder</label></div>`
    const added = async () => ok({ newlyAdded: { id: 'e1', itemId: 'gc1', quantity: 1 }, shoppingCart: cart([{ sku: 'GC-25', quantity: 1, itemId: 'gc1', cents: 2500 }]) })
    const sent: unknown[] = []
    for (const [ticked, click] of [[false, true], [false, false], [true, false]] as const) {
      const g = giftCard('GC-25', added, BOX(ticked))
      g.set('recipientName', 'Grace')
      g.set('recipientEmail', 'grace@example.com')
      g.set('senderName', 'Ada')
      if (click) g.form.querySelector<HTMLInputElement>('input[name="reminderConsent"]')!.click()
      g.form.requestSubmit()
      await flush()
      sent.push(JSON.parse((g.api.calls[0]!.args[0] as { additionalFields: string }).additionalFields).reminderConsent)
      document.body.innerHTML = ''
    }
    expect(sent).toEqual(['true', 'false', 'true'])
  })

  it("shows the server's field errors by their fields and its message in the alert", async () => {
    const g = giftCard('GC-25', async () => failure('Enter the recipient’s email address.', 400, { fieldErrors: { recipientEmail: 'Enter the recipient’s email address.' } }))
    g.set('recipientName', 'Grace')
    g.set('recipientEmail', 'nope@x')
    g.set('senderName', 'Ada')
    g.form.requestSubmit()
    await flush()
    expect(g.errors()).toEqual([['recipientEmail', 'Enter the recipient’s email address.']])
    expect(g.alerts).toEqual([['Unable to purchase Gift Card', 'Enter the recipient’s email address.']])
    expect(g.navigations).toEqual([])
  })
})

describe('/cart page: additional fields', () => {
  it('shows the answers and edits them in the lightbox, filled in, through PUT .../additionalFields', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const withFields = (answers: Record<string, unknown>) => {
      const c = cart([{ sku: 'PLATE', quantity: 1, itemId: 'plate' }])
      c.entries[0] = { ...c.entries[0]!, hasAdditionalFields: true, additionalFields: answers }
      return c
    }
    const form = { id: 'f1', name: 'Personalisation', fields: [{ id: 'name', type: 'text', title: 'Name', required: true }, { id: 'colour', type: 'select', title: 'Colour', options: ['Cobalt', 'Black'], required: true }] }
    const puts: Result<unknown>[] = [failure('Name is required.', 400, { fieldErrors: { name: 'Name is required.' } }), ok({ updatedEntry: {}, shoppingCart: withFields({ name: 'Grace', colour: 'Black' }) })]
    const api = fakeApi({
      getCart: async () => ok(withFields({ name: 'Ada', colour: 'Cobalt' })),
      additionalFieldsForm: async () => ok({ form }),
      updateAdditionalFields: async () => puts.shift()! as never,
    })
    const bus = createEventBus<StorefrontEvents>()
    await act(async () => initCartPage(document, { api, bus, store: createCartStore({ api, bus }), win: window }))
    const root = document.querySelector('[data-commerce-island]')!
    expect([...root.querySelectorAll('.cart-entry-fields dd')].map((d) => d.textContent)).toEqual(['Ada', 'Cobalt'])
    await act(async () => root.querySelector<HTMLButtonElement>('.cart-entry-edit-fields')!.click())
    await act(async () => {
      // the lightbox is a lazy import of the cart chunk
      for (let i = 0; i < 100 && !document.querySelector('.additional-fields-lightbox form'); i++) await new Promise((r) => setTimeout(r, 20))
    })
    const lightbox = document.querySelector<HTMLFormElement>('.additional-fields-lightbox form')!
    expect(api.calls.find((c) => c.method === 'additionalFieldsForm')!.args).toEqual(['plate'])
    const name = lightbox.querySelector<HTMLInputElement>('input[name="name"]')!
    expect(name.value).toBe('Ada')
    expect(lightbox.querySelector<HTMLSelectElement>('select[name="colour"]')!.value).toBe('Cobalt')
    expect(lightbox.querySelector('button[type="submit"]')!.textContent).toBe('Save')
    name.value = 'x'
    await act(async () => lightbox.requestSubmit())
    expect(lightbox.querySelector('.field-error')!.textContent).toBe('Name is required.')
    name.value = 'Grace'
    lightbox.querySelector<HTMLSelectElement>('select[name="colour"]')!.value = 'Black'
    await act(async () => lightbox.requestSubmit())
    const put = api.calls.filter((c) => c.method === 'updateAdditionalFields')
    expect(put[1]!.args).toEqual(['entry_1', { itemId: 'plate', sku: 'PLATE', additionalFields: JSON.stringify({ name: 'Grace', colour: 'Black' }) }])
    expect(document.querySelector('.additional-fields-lightbox')).toBeNull()
    expect([...root.querySelectorAll('.cart-entry-fields dd')].map((d) => d.textContent)).toEqual(['Grace', 'Black'])
  })
})
