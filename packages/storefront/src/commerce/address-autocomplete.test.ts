// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PLACES_CONTEXT_ERROR, wirePlacesAutocomplete } from './address-autocomplete.js'

const CONTEXT = 'data-places-product-page="checkout" data-places-product-section="shipping-address"'

function page(context = CONTEXT) {
  document.body.innerHTML = `<form>
    <label>Address<input name="shipping.line1"></label>
    <label>City<input name="shipping.city" data-places-autocomplete ${context}></label>
    <label>State<input name="shipping.region"></label>
    <label>Postal code<input name="shipping.postalCode"></label>
    <select name="shipping.country"><option value="US">United States</option></select>
  </form>`
  const calls: string[] = []
  const timers: (() => void)[] = []
  const fetch = (async (url: string) => {
    calls.push(url)
    const body = url.startsWith('/api/google-maps/places/autocomplete')
      ? { predictions: [
          { placeId: 'city:1', description: 'Springfield, MO, United States', mainText: 'Springfield', secondaryText: 'MO, United States' },
          { placeId: 'country:DE', description: 'Germany', mainText: 'Germany', secondaryText: 'Country' },
        ] }
      : url.includes('city%3A1')
        ? { result: { placeId: 'city:1', formattedAddress: 'Springfield, MO, United States', line1: '', city: 'Springfield', region: 'MO', postalCode: '', country: 'US', countryName: 'United States', location: null } }
        : { result: { placeId: 'country:DE', formattedAddress: 'Germany', line1: '', city: '', region: '', postalCode: '', country: 'DE', countryName: 'Germany', location: null } }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  wirePlacesAutocomplete(document, { fetch, setTimeout: (fn) => timers.push(fn), clearTimeout: () => undefined })
  const input = document.querySelector<HTMLInputElement>('[name="shipping.city"]')!
  input.focus()
  const type = async (text: string) => {
    input.value = text
    input.dispatchEvent(new Event('input'))
    timers.splice(0).forEach((f) => f())
    await new Promise((r) => setTimeout(r, 0))
  }
  const key = (k: string) => input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))
  return { input, calls, type, key, listbox: () => document.getElementById(input.getAttribute('aria-controls')!)! }
}

const settle = () => new Promise((r) => setTimeout(r, 5))

describe('checkout address autocomplete (combobox)', () => {
  afterEach(() => vi.restoreAllMocks())

  it("SPEC.md's places row: a console error when the context lacks productPage and productSection, on autocomplete and details alike", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const named = page()
    await named.type('spri')
    named.key('ArrowDown')
    named.key('Enter')
    await settle()
    expect(named.calls.map((c) => c.split('?')[0])).toEqual(['/api/google-maps/places/autocomplete', '/api/google-maps/places/details'])
    expect(errors).not.toHaveBeenCalled()

    for (const partial of ['', 'data-places-product-page="checkout"', 'data-places-product-section="shipping-address"']) {
      errors.mockClear()
      const p = page(partial)
      await p.type('spri')
      expect(errors).toHaveBeenCalledTimes(1)
      expect(errors.mock.calls[0]![0]).toBe('Places request: the context lacks productPage and productSection')
      expect(errors.mock.calls[0]![1]).toMatchObject({ call: 'autocomplete' })
      p.key('ArrowDown')
      p.key('Enter')
      await settle()
      expect(errors).toHaveBeenCalledTimes(2)
      expect(errors.mock.calls[1]).toEqual([PLACES_CONTEXT_ERROR, expect.objectContaining({ call: 'details' })])
      // the visitor's address still fills: the error is for the theme's author
      expect(p.input.value).toBe('Springfield')
    }
  })

  it('is a combobox; typing lists suggestions (with the chosen country); arrows and Enter choose; details fill city, state and country', async () => {
    const p = page()
    expect(p.input.getAttribute('role')).toBe('combobox')
    expect(p.input.getAttribute('aria-expanded')).toBe('false')
    await p.type('s')
    expect(p.calls).toHaveLength(0)
    await p.type('spri')
    expect(p.calls[0]).toMatch(/^\/api\/google-maps\/places\/autocomplete\?input=spri&limit=6&sessiontoken=\w+&country=US$/)
    const options = p.listbox().querySelectorAll('[role="option"]')
    expect(options).toHaveLength(2)
    expect(p.input.getAttribute('aria-expanded')).toBe('true')
    p.key('ArrowDown')
    expect(p.input.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    p.key('Enter')
    await settle()
    expect(p.calls[1]).toMatch(/^\/api\/google-maps\/places\/details\?placeId=city%3A1&sessiontoken=/)
    expect(p.input.value).toBe('Springfield')
    expect(document.querySelector<HTMLInputElement>('[name="shipping.region"]')!.value).toBe('MO')
    expect(p.input.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement?.getAttribute('name')).toBe('shipping.postalCode')
  })

  it('Escape closes the list; a country missing from the select is added and chosen', async () => {
    const p = page()
    await p.type('ger')
    p.key('Escape')
    expect(p.listbox().hidden).toBe(true)
    expect(p.input.getAttribute('aria-expanded')).toBe('false')
    p.key('ArrowUp')
    expect(p.listbox().hidden).toBe(false)
    expect(p.input.getAttribute('aria-activedescendant')).toMatch(/-opt-1$/)
    p.key('Enter')
    await settle()
    const country = document.querySelector<HTMLSelectElement>('[name="shipping.country"]')!
    expect(country.value).toBe('DE')
    expect(country.selectedOptions[0]!.textContent).toBe('Germany')
  })

  it('an answer that arrives after the visitor left the field opens nothing', async () => {
    const p = page()
    p.input.value = 'spri'
    p.input.dispatchEvent(new Event('input'))
    document.querySelector<HTMLInputElement>('[name="shipping.postalCode"]')!.focus()
    await p.type('spri')
    expect(p.listbox().hidden).toBe(true)
  })
})
