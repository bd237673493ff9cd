// Page types (SPEC.md section 2), defined once: the server's page contexts, the theme's page-type templates and
// the editor agree on them. The editor's own page types are named, not numbered: STYLE is its style screen.
export const PAGE_TYPES = {
  MAIN_CONTENT: 1,
  CONTENT_COLLECTION: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const
export type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES]

/** Editor page types (no number in the spec). */
export const EDITOR_PAGE_TYPES = { STYLE: 'STYLE' } as const
export type EditorPageType = (typeof EDITOR_PAGE_TYPES)[keyof typeof EDITOR_PAGE_TYPES]
