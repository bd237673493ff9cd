// What the ingestion buffer holds: events already enriched (visitor hash, device, country), never an address.

/** Dimensions whose rollup rows hold a session's attributes (counted per visit and per day-unique visitor). */
export const SESSION_DIMS = ['site', 'source', 'campaign', 'device', 'browser', 'os', 'country'] as const
export type SessionDim = (typeof SESSION_DIMS)[number]

export interface Attributes {
  source: string
  campaign: string
  device: string
  browser: string
  os: string
  country: string
}

interface Base extends Attributes {
  siteId: string
  at: Date
  /** Day-salted hash of site, address and user agent. */
  visitor: string
  /** Visitor hash + the session cookie's time stamp. */
  session: string
  path: string
}

export type TrackedEvent =
  | (Base & { kind: 'pageview'; data: Record<string, unknown> | null })
  | (Base & { kind: 'search'; query: string })
  | (Base & { kind: 'event'; name: string; data: Record<string, unknown> | null })
  | (Base & { kind: 'commerce'; name: string; product: string; revenue: number; data: Record<string, unknown> | null })
  | (Base & { kind: 'vital'; metric: string; value: number })
  | (Base & { kind: 'error'; fingerprint: string; message: string; stack: string; app: string; templateId: string; customData: Record<string, unknown> | null })

export type EventKind = TrackedEvent['kind']

/** Commerce funnel steps, in order. */
export const FUNNEL_STEPS = ['pdp', 'add', 'checkout', 'purchase'] as const

export const COMMERCE_EVENTS: Record<string, (typeof FUNNEL_STEPS)[number] | null> = {
  CommerceShopping_VisitPDP: 'pdp',
  CommerceShopping_AddToCart: 'add',
  CommerceShopping_ViewCart: null,
  CommerceShopping_RemoveFromCart: null,
  commerce_checkout_order_confirmed: 'purchase',
}

/** Web Vitals kept per page, with the good / poor thresholds (ms, CLS unitless x1000). */
export const VITALS: Record<string, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  FCP: { good: 1800, poor: 3000 },
  INP: { good: 200, poor: 500 },
  FID: { good: 100, poor: 300 },
  TTFB: { good: 800, poor: 1800 },
  CLS: { good: 100, poor: 250 },
  /** Time to interactive (the collector's estimate): Lighthouse's bands. */
  TTI: { good: 3800, poor: 7300 },
}
