// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { boot } from './boot.js'
import type { IslandModule } from './core/islands.js'
import { ISLANDS } from './islands/registry.js'

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

/** Island imports that count how often each is requested, delegating to the real registry. */
function countingIslands() {
  const requested: string[] = []
  const islands: Record<string, () => Promise<IslandModule>> = {}
  for (const [name, load] of Object.entries(ISLANDS))
    islands[name] = () => {
      requested.push(name)
      return load()
    }
  return { islands, requested }
}

beforeEach(() => {
  clearCookies()
  document.body.innerHTML = ''
})
afterEach(clearCookies)

describe('storefront boot', () => {
  it('on a page without islands loads no island code and just reveals the cart buttons', async () => {
    document.body.innerHTML =
      '<button data-cart-button hidden>Add To Cart</button><div data-cart-button hidden></div>'
    const { islands, requested } = countingIslands()
    const sf = boot({ doc: document, storage: null, islands })
    const loads: string[] = []
    sf.bus.on('cart:load-requested', (e) => loads.push(e.reason))
    expect(await sf.ready).toEqual([])
    expect(requested).toEqual([])
    expect(loads).toEqual([])
    expect(
      [...document.querySelectorAll('[data-cart-button]')].map((b) => (b as HTMLElement).hidden),
    ).toEqual([false, false])
  })

  it('loads the cart before revealing the buttons when a cart cookie exists', async () => {
    document.cookie = 'sw_has_cart=1; path=/'
    document.body.innerHTML = '<button data-cart-button hidden>Add To Cart</button>'
    const order: string[] = []
    const sf = boot({
      doc: document,
      storage: null,
      islands: {},
      loadCart: async () => {
        order.push(`load (button hidden: ${document.querySelector('button')?.hidden})`)
      },
    })
    sf.bus.on('cart:buttons-revealed', (e) => order.push(`revealed ${e.count}`))
    await sf.ready
    expect(order).toEqual(['load (button hidden: true)', 'revealed 1'])
  })

  it('mounts the islands on the page, each once', async () => {
    document.body.innerHTML = `
      <textarea id="msg">hello</textarea>
      <span data-island="char-counter" data-props='{"for":"msg","max":10}'></span>
      <span data-island="no-such-island"></span>`
    const { islands, requested } = countingIslands()
    const sf = boot({ doc: document, storage: null, islands })
    const failed: string[] = []
    sf.bus.on('island:failed', (e) => failed.push(e.error.message))
    expect((await sf.ready).sort()).toEqual(['failed', 'mounted'])
    expect(requested).toEqual(['char-counter'])
    // React commits the island's first render asynchronously.
    const counter = document.querySelector('[data-island="char-counter"]')!
    for (let i = 0; i < 100 && !counter.textContent; i++) await new Promise((r) => setTimeout(r, 10))
    expect(counter.textContent).toBe('5 / 10')
    expect(document.querySelector('[data-island="no-such-island"]')?.getAttribute('data-island-state')).toBe(
      'failed',
    )
    expect(failed).toEqual(['Loading chunk no-such-island failed'])
  })
})
