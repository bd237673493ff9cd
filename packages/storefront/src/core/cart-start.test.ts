import { describe, expect, it } from 'vitest'
import { cartStartDecision, readCartSignals, type CartSignals } from './cart-start.js'

describe('cart start rule (the cart pill loads at start only when the visitor may have a cart)', () => {
  it('loads the cart only when signed in, marked as having a cart, or holding a cart cookie', () => {
    const table: [CartSignals, ReturnType<typeof cartStartDecision>][] = []
    for (const signedIn of [false, true])
      for (const hasCartMarker of [false, true])
        for (const hasCartCookie of [false, true])
          table.push([
            { signedIn, hasCartMarker, hasCartCookie },
            cartStartDecision({ signedIn, hasCartMarker, hasCartCookie }),
          ])
    for (const [s, decision] of table) {
      expect(decision.load).toBe(s.signedIn || s.hasCartMarker || s.hasCartCookie)
    }
    expect(cartStartDecision({ signedIn: false, hasCartMarker: false, hasCartCookie: false })).toEqual({
      load: false,
    })
    expect(cartStartDecision({ signedIn: true, hasCartMarker: true, hasCartCookie: true })).toEqual({
      load: true,
      reason: 'signed-in',
    })
    expect(cartStartDecision({ signedIn: false, hasCartMarker: true, hasCartCookie: true })).toEqual({
      load: true,
      reason: 'has-cart-marker',
    })
    expect(cartStartDecision({ signedIn: false, hasCartMarker: false, hasCartCookie: true })).toEqual({
      load: true,
      reason: 'cart-cookie',
    })
  })

  it('reads the signals from cookies and storage', () => {
    const store = (v: string | null) => ({ getItem: (k: string) => (k === 'sw:has-cart' ? v : null) })
    expect(readCartSignals('crumb=abc; ss_cvr=1', store(null))).toEqual({
      signedIn: false,
      hasCartMarker: false,
      hasCartCookie: false,
    })
    expect(readCartSignals('SiteUserSecureAuthToken=t; sw_has_cart=1', store('1'))).toEqual({
      signedIn: true,
      hasCartMarker: true,
      hasCartCookie: true,
    })
    // look-alike names and emptied cookies do not count
    expect(readCartSignals('xsw_has_cart=1; sw_has_cart_old=2; sw_cart=token; SiteUserSecureAuthToken=', null)).toEqual({
      signedIn: false,
      hasCartMarker: false,
      hasCartCookie: false,
    })
  })

  it('treats unavailable storage as no marker', () => {
    const throwing = {
      getItem(): string | null {
        throw new Error('SecurityError')
      },
    }
    expect(readCartSignals('', throwing).hasCartMarker).toBe(false)
  })
})
