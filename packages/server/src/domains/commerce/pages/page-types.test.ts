// Page types as SPEC.md section 2 numbers them, defined once in contracts; the editor's STYLE page type; the theme
// renders /cart (COMMERCE_CART_V2 205) and SHOW_CART 200 with the cart template.
import { readFileSync } from 'node:fs'
import { EDITOR_PAGE_TYPES, PAGE_TYPES } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { PAGE_TYPES as CONTENT_PAGE_TYPES } from '../../content/index.js'
import { PAGE_TYPES_COMMERCE } from './page-types.js'

describe('page types', () => {
  it('are the spec numbers, once', () => {
    expect(PAGE_TYPES).toEqual({
      MAIN_CONTENT: 1, CONTENT_COLLECTION: 1, PAGE: 2, SPLASH_PAGE: 3, CONTENT_ITEM: 50, NOT_FOUND: 100, ERROR: 101, SEARCH: 102, LOCK_SCREEN: 103, POPUP_OVERLAY: 104,
      PROTECTED_CONTENT: 105, MEMBER_AREA_ACCESS_DENIED: 106, SHOW_CART: 200, CHECKOUT: 201, ORDER_CONFIRMED: 202, DONATE: 203, CONTRIBUTION_CONFIRMED: 204, COMMERCE_CART_V2: 205,
      SUBSCRIPTION_CONFIRMED: 206, ORDER_RECEIVED: 207, MEMBERSHIP_CONFIRMED: 208, REVIEWS_REQUEST: 209, NEWSLETTER_UNSUBSCRIBE: 300, COMMERCE_EMAIL_PREVIEW: 301,
    })
    expect(CONTENT_PAGE_TYPES).toBe(PAGE_TYPES)
    expect(PAGE_TYPES_COMMERCE.COMMERCE_CART_V2).toBe(205)
    expect(EDITOR_PAGE_TYPES.STYLE).toBe('STYLE')
  })

  it('the theme renders the cart template for COMMERCE_CART_V2 205 and SHOW_CART 200', () => {
    const theme = JSON.parse(readFileSync(new URL('../../../../../../themes/default/theme.json', import.meta.url), 'utf8')) as { pageTypes: Record<string, string> }
    expect(theme.pageTypes['205']).toBe('cart')
    expect(theme.pageTypes['200']).toBe('cart')
  })
})
