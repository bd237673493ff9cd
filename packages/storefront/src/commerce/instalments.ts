// Interest-free instalments: 4 payments; the offer is in range when the price is above the
// minimum and not above the maximum. Provider by locale: Afterpay for en_US, en_CA, fr_CA, en_AU, en_NZ;
// Clearpay for en_GB; none elsewhere; the merchant's country and the store currency
// must match (@sitewright/contracts/instalments). Only for carts / products whose items are all physical.
import { INSTALMENT_COUNT, instalmentLocale, instalmentProvider, type InstalmentProviderName } from '@sitewright/contracts/instalments'
import { moneyText } from './money.js'

export { INSTALMENT_COUNT }
export type Provider = InstalmentProviderName

/** 'en-US' / 'en_us' -> 'en_US'. */
export function normalizeLocale(locale: string): string {
  return instalmentLocale(locale) ?? locale.trim().toLowerCase()
}

/** The provider for the site's locale and store currency (contracts' country, language and currency rule). */
export function providerFor(locale: string, currency?: string): Provider | null {
  return instalmentProvider(locale, currency)
}

export interface OfferInput {
  priceCents: number
  minCents: number
  maxCents: number
  currency: string
  /** The text runs on one line with the provider pill after it. */
  oneLine: boolean
}

export interface Offer {
  inRange: boolean
  text: string
}

export function instalmentOffer(o: OfferInput): Offer {
  if (o.priceCents > o.minCents && o.priceCents <= o.maxCents) {
    const amount = moneyText(Math.ceil(o.priceCents / INSTALMENT_COUNT), o.currency)
    const text = o.oneLine
      ? `or ${INSTALMENT_COUNT} interest-free payments of ${amount} with`
      : `${INSTALMENT_COUNT} interest-free payments of ${amount}`
    return { inRange: true, text }
  }
  if (o.priceCents > o.maxCents) return { inRange: false, text: `available for orders up to ${moneyText(o.maxCents, o.currency)}` }
  return { inRange: false, text: `available for orders over ${moneyText(o.minCents, o.currency)}` }
}

export const DIALOG_PATH = '/api/commerce/instalments/dialog'
export const FALLBACK_LOCALE = 'en_US'

/** The dialog's HTML for `locale` (falling back to en_US); null after logging a warning when it cannot load. */
export async function fetchDialogHtml(locale: string, fetchImpl: typeof fetch = (u, i) => globalThis.fetch(u, i)): Promise<string | null> {
  const get = async (l: string) => {
    const res = await fetchImpl(`${DIALOG_PATH}?locale=${encodeURIComponent(l)}`, { credentials: 'same-origin' })
    return res.ok ? res.text() : null
  }
  try {
    const l = normalizeLocale(locale)
    const html = (await get(l)) ?? (l === FALLBACK_LOCALE ? null : await get(FALLBACK_LOCALE))
    if (html === null) console.warn('Unable to load the instalment dialog')
    return html
  } catch (e) {
    console.warn('Unable to load the instalment dialog', e)
    return null
  }
}
