// Price display views for product-price and subscription-price: money markup plus subscription wording.
import type { CLDR } from '@phensley/cldr'
import { moneyMarkup, usesCldrMoney, type Money } from '../money.js'
import { productPriceDisplay, subscriptionPriceDisplay, type PriceDisplay } from '../prices.js'
import { isSubscribable } from '../product.js'
import {
  UNAVAILABLE_TEXT, defaultSubscriptionMessage, fillPriceMessage, readSubscriptionTerms, subscriptionMessageKey,
  type SubscriptionTerms,
} from '../subscription.js'
import { dig, escapeHtml, localized, type Lookup } from '../values.js'

/** What the price views need from the render. */
export interface PriceEnv {
  lookup: Lookup
  cldr: () => CLDR | undefined
}

/** Node of the price templates: each present member is safe markup. */
export interface PriceView {
  saleLabel: string
  originalLabel: string
  unavailable?: string
  from?: string
  sale?: string
  original?: string
  single?: string
}

const LABELS = { saleLabel: 'Sale Price:', originalLabel: 'Original Price:' }

type Wording = (kind: 'single' | 'from', price: Money) => string

function viewOf(display: PriceDisplay, wording: Wording): PriceView {
  switch (display.kind) {
    case 'none':
      return { ...LABELS }
    case 'from':
      return { ...LABELS, from: wording('from', display.price) }
    case 'sale':
      return { ...LABELS, sale: wording('single', display.price), original: wording('single', display.original) }
    case 'single':
      return { ...LABELS, single: wording('single', display.price) }
  }
}

function subscriptionWording(env: PriceEnv, terms: SubscriptionTerms, money: (m: Money) => string): Wording {
  return (kind, price) => {
    const message = localized(env.lookup, subscriptionMessageKey(kind, terms), defaultSubscriptionMessage(kind, terms))
    return fillPriceMessage(message, money(price), terms)
  }
}

/** product-price: 'from' for varied prices, the sale pair, or the single price; subscriptions add their terms. */
export function productPriceView(item: unknown, env: PriceEnv): PriceView {
  const display = productPriceDisplay(item)
  const useCldr = usesCldrMoney(env.lookup)
  const money = (m: Money): string => moneyMarkup(m, env.cldr(), useCldr)
  if (display.kind !== 'none' && isSubscribable(item)) {
    const terms = readSubscriptionTerms(dig(item, 'structuredContent', 'subscriptionPlan'))
    if (!terms) {
      return { ...LABELS, unavailable: escapeHtml(localized(env.lookup, 'productPriceUnavailable', UNAVAILABLE_TEXT)) }
    }
    return viewOf(display, subscriptionWording(env, terms, money))
  }
  return viewOf(display, (kind, price) => (kind === 'from' ? `from ${money(price)}` : money(price)))
}

/** subscription-price: the same display over each variant's first subscription pricing option. */
export function subscriptionPriceView(item: unknown, env: PriceEnv): PriceView {
  const useCldr = usesCldrMoney(env.lookup)
  const money = (m: Money): string => moneyMarkup(m, env.cldr(), useCldr)
  return viewOf(subscriptionPriceDisplay(item), (kind, price) => (kind === 'from' ? `from ${money(price)}` : money(price)))
}
