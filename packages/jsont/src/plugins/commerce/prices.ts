// Product price summaries: from / normal / sale prices and what a price display shows.
import { ZERO, priceField, type Money, DEFAULT_CURRENCY } from './money.js'
import { ProductType, hasVariantPricing, productType, variantPrice, variantSalePrice, variants } from './product.js'
import { asArray, dig, isRecord, isTrue, type Rec } from './values.js'

const NOTHING: Money = { amount: ZERO, currency: DEFAULT_CURRENCY }

/** One priced thing: a variant, a digital product, or a subscription pricing option. */
interface Priced {
  price: Money | undefined
  salePrice: Money | undefined
  onSale: boolean
}

function minOf(list: readonly Money[]): Money | undefined {
  let best: Money | undefined
  for (const m of list) if (!best || m.amount.compare(best.amount) < 0) best = m
  return best
}

function maxOf(list: readonly Money[]): Money | undefined {
  let best: Money | undefined
  for (const m of list) if (!best || m.amount.compare(best.amount) > 0) best = m
  return best
}

function effective(p: Priced): Money {
  return (p.onSale ? p.salePrice : p.price) ?? NOTHING
}

function pricedOf(holder: unknown): Priced {
  return { price: variantPrice(holder), salePrice: variantSalePrice(holder), onSale: isTrue(dig(holder, 'onSale')) }
}

/** The priced entries of a product: its variants, or the product itself for digital goods and paywalls. */
function pricedEntries(item: unknown): Priced[] {
  if (hasVariantPricing(item)) return variants(item).map(pricedOf)
  const t = productType(item)
  if (t === ProductType.DIGITAL || t === ProductType.PAYWALL) {
    const sc = dig(item, 'structuredContent')
    return [
      {
        price: priceField(sc, 'priceMoney', 'price'),
        salePrice: priceField(sc, 'salePriceMoney', 'salePrice'),
        onSale: isTrue(dig(sc, 'onSale')),
      },
    ]
  }
  return []
}

/** Lowest price a visitor can pay (sale price where on sale); 0 when unpriced. */
export function fromPrice(item: unknown): Money {
  return minOf(pricedEntries(item).map(effective)) ?? NOTHING
}

/** Highest regular price; 0 when unpriced. */
export function normalPrice(item: unknown): Money {
  return maxOf(pricedEntries(item).map((p) => p.price ?? NOTHING)) ?? NOTHING
}

/** Lowest sale price among entries on sale; 0 when none is on sale. */
export function salePrice(item: unknown): Money {
  return minOf(pricedEntries(item).filter((p) => p.onSale).map((p) => p.salePrice ?? NOTHING)) ?? NOTHING
}

/** What a price display shows. */
export type PriceDisplay =
  | { kind: 'none' }
  | { kind: 'from'; price: Money }
  | { kind: 'sale'; price: Money; original: Money }
  | { kind: 'single'; price: Money }

/** Prices vary when price, sale price or onSale differ between entries. */
function variedAmong(list: readonly Priced[]): boolean {
  const first = list[0]
  if (!first) return false
  const same = (a: Money | undefined, b: Money | undefined): boolean =>
    (a?.amount ?? ZERO).compare(b?.amount ?? ZERO) === 0
  return list.some(
    (p) => p.onSale !== first.onSale || !same(p.price, first.price) || !same(p.salePrice, first.salePrice),
  )
}

/** Prices vary when price, sale price or onSale differ between the variants (never for unvaried product kinds). */
export function hasVariedPrices(item: unknown): boolean {
  return hasVariantPricing(item) && variedAmong(variants(item).map(pricedOf))
}

function displayOf(list: readonly Priced[], varied: boolean): PriceDisplay {
  const first = list[0]
  if (!first) return { kind: 'none' }
  if (varied) return { kind: 'from', price: minOf(list.map(effective)) ?? NOTHING }
  if (first.onSale) return { kind: 'sale', price: first.salePrice ?? NOTHING, original: first.price ?? NOTHING }
  return { kind: 'single', price: first.price ?? NOTHING }
}

/** The product-price display: 'from' when prices vary, else the sale pair or the single price. */
export function productPriceDisplay(item: unknown): PriceDisplay {
  if (productType(item) === undefined) return { kind: 'none' }
  const list = pricedEntries(item)
  if (list.length === 0) return { kind: 'single', price: NOTHING }
  return displayOf(list, hasVariedPrices(item))
}

/** The subscription-price display, from each variant's first pricing option. */
export function subscriptionPriceDisplay(item: unknown): PriceDisplay {
  const options: Priced[] = []
  for (const v of variants(item)) {
    const first = asArray(v.pricingOptions)[0]
    if (isRecord(first)) options.push(pricedOf(first as Rec))
  }
  return displayOf(options, variedAmong(options))
}
