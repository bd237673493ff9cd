// @vitest-environment jsdom
// Cart pill, dialogs (focus trap, Escape, outside click) and the instalment offer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initCartPills, inEditorFrame } from '../../src/commerce/cart-pill.js'
import { openDialog, showAlert } from '../../src/commerce/dialog.js'
import { bindInstalmentOffer } from '../../src/commerce/instalment-offer.js'
import { fetchDialogHtml } from '../../src/commerce/instalments.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, settle } from '../content/helpers.js'
import { cart } from './fixtures.js'

afterEach(() => vi.restoreAllMocks())

const PILL = `<div class="cart-pill-wrapper" data-cart-button hidden><a class="cart-pill" href="/cart" data-cart-pill hidden>
  <span data-cart-count>0</span> <span data-cart-word>items</span> <span data-cart-subtotal></span></a></div>`

describe('cart pill', () => {
  it('hidden at 0, fades in above 0, shows count, word and subtotal, and refreshes on every change', async () => {
    page(PILL)
    const bus = createEventBus<StorefrontEvents>()
    expect(initCartPills(document, bus, window)).toBe(1)
    const pill = document.querySelector<HTMLElement>('[data-cart-pill]')!
    bus.emit('cart:updated', { cart: cart() })
    expect(pill.hidden).toBe(true)
    bus.emit('cart:updated', { cart: cart([{ sku: 'A', quantity: 1, cents: 1999 }]) })
    expect(pill.hidden).toBe(false)
    expect(pill.textContent!.replace(/\s+/g, ' ').trim()).toBe('1 item 19.99')
    expect(pill.getAttribute('aria-label')).toBe('1 item in cart')
    await vi.waitFor(() => expect(pill.classList.contains('is-visible')).toBe(true))
    bus.emit('cart:updated', { cart: cart([{ sku: 'A', quantity: 150, cents: 100 }]) })
    expect(pill.querySelector('[data-cart-count]')!.textContent).toBe('100+')
    expect(pill.querySelector('[data-cart-word]')!.textContent).toBe('items')
    expect(pill.getAttribute('aria-label')).toBe('More than 100 items in cart')
    expect(pill.querySelector('[data-cart-subtotal]')!.textContent).toBe('150.00')
    bus.emit('cart:updated', { cart: cart() })
    expect(pill.hidden).toBe(true)
  })

  it('inside the editor frame a click sets the frame address instead of navigating', () => {
    page(PILL)
    const location = { href: 'http://site/shop' }
    const frameWin = { top: {}, location } as unknown as Window
    expect(inEditorFrame(frameWin)).toBe(true)
    expect(inEditorFrame(window)).toBe(false)
    initCartPills(document, createEventBus<StorefrontEvents>(), frameWin)
    const pill = document.querySelector<HTMLAnchorElement>('[data-cart-pill]')!
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    pill.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(location.href).toBe('/cart')
    // outside a frame the link is left alone
    page(PILL)
    initCartPills(document, createEventBus<StorefrontEvents>(), window)
    let preventedByPill: boolean | undefined
    document.querySelector('[data-cart-pill]')!.addEventListener('click', (e) => {
      preventedByPill = e.defaultPrevented
      e.preventDefault() // jsdom cannot navigate
    })
    document.querySelector('[data-cart-pill]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    expect(preventedByPill).toBe(false)
  })
})

describe('dialog', () => {
  it('traps focus, closes on Escape and returns focus to the opener', () => {
    page('<button id="opener">Open</button>')
    const opener = document.getElementById('opener')!
    opener.focus()
    const d = openDialog(document, { title: 'Afterpay' })
    const link = document.createElement('a')
    link.href = '#terms'
    link.textContent = 'Terms'
    d.body.append(link)
    const close = d.dialog.querySelector<HTMLButtonElement>('button[aria-label="Close Popup"]')!
    expect(document.activeElement).toBe(close)
    expect(d.dialog.getAttribute('aria-modal')).toBe('true')
    link.focus()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }))
    expect(document.activeElement).toBe(close) // wrapped to the first
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }))
    expect(document.activeElement).toBe(link) // and back to the last
    opener.focus() // focus escaping is pulled back in
    expect(d.dialog.contains(document.activeElement)).toBe(true)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(document.querySelector('.sw-dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on the Close Popup button and on a click outside, not inside', () => {
    page('')
    let closed = 0
    const d = openDialog(document, { onClose: () => closed++ })
    d.body.click()
    expect(document.querySelector('.sw-dialog')).not.toBeNull()
    d.overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(document.querySelector('.sw-dialog')).toBeNull()
    const d2 = openDialog(document, { onClose: () => closed++ })
    d2.dialog.querySelector<HTMLButtonElement>('.sw-dialog-close')!.click()
    expect(document.querySelector('.sw-dialog')).toBeNull()
    expect(closed).toBe(2)
  })

  it('alerts carry a title and the message', () => {
    page('')
    const d = showAlert(document, 'Unable to Add Item', 'Please select the Size option.')
    expect(d.dialog.getAttribute('role')).toBe('alertdialog')
    expect(d.dialog.querySelector('.sw-dialog-title')!.textContent).toBe('Unable to Add Item')
    expect(d.dialog.querySelector('.sw-alert-message')!.textContent).toBe('Please select the Size option.')
  })
})

describe('instalment offer', () => {
  const el = (locale: string, currency = 'USD') => {
    page(`<div data-instalments data-locale="${locale}" data-min-cents="3500" data-max-cents="200000" data-currency="${currency}" hidden></div>`)
    return document.querySelector<HTMLElement>('[data-instalments]')!
  }
  it('shows the one-line text with the provider pill and info button', () => {
    const offer = bindInstalmentOffer(el('en-US'))!
    offer.update(10000)
    const root = document.querySelector<HTMLElement>('[data-instalments]')!
    expect(root.hidden).toBe(false)
    expect(root.querySelector('.instalments-text')!.textContent).toBe('or 4 interest-free payments of $25.00 with')
    expect(root.querySelector('.instalments-pill')!.textContent).toBe('Afterpay')
    expect(root.querySelector('.instalments-info')).not.toBeNull()
    offer.update(250000)
    expect(root.querySelector('.instalments-text')!.textContent).toBe('available for orders up to $2,000.00')
    expect(root.dataset.inRange).toBe('false')
  })
  it('uses Clearpay for en_GB (a GBP store) and nothing for other locales or another currency', () => {
    bindInstalmentOffer(el('en-GB', 'GBP'))!.update(10000)
    expect(document.querySelector('.instalments-pill')!.textContent).toBe('Clearpay')
    expect(bindInstalmentOffer(el('en-GB', 'USD'))).toBeNull()
    expect(bindInstalmentOffer(el('de-DE'))).toBeNull()
    expect(document.querySelector<HTMLElement>('[data-instalments]')!.hidden).toBe(true)
  })
  it('opens the dialog with the HTML of the server route on a pill click', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<p class="from-server">Pay in 4</p>', { status: 200 }))
    bindInstalmentOffer(el('en-US'))!.update(10000)
    document.querySelector<HTMLButtonElement>('.instalments-pill')!.click()
    for (let i = 0; i < 5; i++) await settle()
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/commerce/instalments/dialog?locale=en_US')
    expect(document.querySelector('.sw-dialog .from-server')!.textContent).toBe('Pay in 4')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(document.querySelector('.sw-dialog')).toBeNull()
  })
  it('falls back to en_US, and only warns when the dialog cannot load', async () => {
    const urls: string[] = []
    const f = (async (u: string) => (urls.push(u), u.endsWith('en_US') ? new Response('<p>us</p>') : new Response('', { status: 404 }))) as unknown as typeof fetch
    expect(await fetchDialogHtml('fr_CA', f)).toBe('<p>us</p>')
    expect(urls).toEqual(['/api/commerce/instalments/dialog?locale=fr_CA', '/api/commerce/instalments/dialog?locale=en_US'])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = (async () => { throw new TypeError('offline') }) as unknown as typeof fetch
    expect(await fetchDialogHtml('en_US', failing)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
