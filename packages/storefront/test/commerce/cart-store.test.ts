// The cart store: changes that answer out of order (the checkout's address PUT after a coupon, two address PUTs)
// leave the cart of the latest change, never a slow older answer's.
import { describe, expect, it } from 'vitest'
import type { Result } from '../../src/commerce/api.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import type { ShoppingCart } from '../../src/commerce/types.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { cart, fakeApi, ok } from './fixtures.js'

/** A change whose answer comes when the test says. */
function deferred(answer: ShoppingCart) {
  let release!: () => void
  const done = new Promise<Result<ShoppingCart>>((resolve) => (release = () => resolve(ok(answer))))
  return { change: () => done, release }
}

describe('cart store recalculations', () => {
  it('an older answer arriving last does not replace the later one; the flag clears when both are in', async () => {
    const bus = createEventBus<StorefrontEvents>()
    const shown: number[] = []
    bus.on('cart:updated', ({ cart: c }) => shown.push(c.subtotalCents))
    const store = createCartStore({ api: fakeApi({}), bus })
    const withoutTax = deferred({ ...cart([{ sku: 'A', quantity: 1, cents: 1000 }]), grandTotalCents: 1000 } as ShoppingCart)
    const withTax = deferred({ ...cart([{ sku: 'A', quantity: 1, cents: 1000 }]), subtotalCents: 1000, taxCents: 89, grandTotalCents: 1089 } as ShoppingCart)
    const first = store.recalculate(withoutTax.change, (c) => c)
    const second = store.recalculate(withTax.change, (c) => c)
    withTax.release()
    await second
    expect(store.recalculating).toBe(true)
    withoutTax.release()
    await first
    expect(store.recalculating).toBe(false)
    expect(store.cart?.grandTotalCents).toBe(1089)
    expect(shown).toHaveLength(1)
    // a later change still replaces it
    await store.recalculate(async () => ok(cart([{ sku: 'A', quantity: 2, cents: 1000 }])), (c) => c)
    expect(store.cart?.subtotalCents).toBe(2000)
  })
})
