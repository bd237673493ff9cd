// The shopping cart as visitors' calls answer it (every field of the cart entity: entries, totals, counts), computed
// from the stored cart.
import { and, asc, eq } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { money, type MoneyShape } from '../shared/money.js'
import { computeTotals, type CouponRule, type ShippingRule, type TaxRule, type Totals } from './pricing.js'
import type { PromotionRule } from './promotions.js'
import { cartEntries, coupons, products, promotions, shippingOptions, taxRules, variants, type CartEntryRow, type CartRow, type ProductRow, type ShippingLocation, type VariantRow } from '../schema.js'
import type { CommerceDeps } from '../context.js'
import { getSettings } from '../settings.js'
import { PRODUCT_TYPES } from '../validators.js'

export interface CartEntryView {
  id: string
  itemId: string
  chosenVariant: { sku: string; attributes: Record<string, string> }
  quantity: number
  title: string
  subTotal: MoneyShape
  purchasePriceCents: number
  productType: number
  unitPrice: MoneyShape
  additionalFields: Record<string, unknown> | null
  /** Option values in option order ('M / Red'); '' without options. */
  variantText: string
  /** The product asks for additional fields (the /cart page can edit them; the form: GET /api/commerce/additional-fields-form). */
  hasAdditionalFields: boolean
  /** With the page extras (the /cart page and cart calls): the product's image, page and field labels in form order. */
  imageUrl?: string | null
  fullUrl?: string | null
  additionalFieldLabels?: { id: string; label: string }[]
}

/** What the domain's neighbours add to cart entries: thumbnails, product links and form field labels. */
export type CartExtras = Pick<CommerceDeps, 'resolveImages' | 'collectionPath' | 'publicForms'>

type Option = Totals['shippingOptions'][number]
type PricedOption = Option & { cost: MoneyShape }
type UnavailableOption = Totals['unavailableShippingOptions'][number] & { remaining: MoneyShape; minSubtotal: MoneyShape }

export interface CartView {
  id: string | null
  websiteId: string
  orderId: string | null
  created: number | null
  isPurchased: boolean
  entries: CartEntryView[]
  shippingOptions: PricedOption[]
  selectedShippingOption: PricedOption | null
  /** Free-over options the cart does not reach yet: not offered, shown as 'add {remaining} more'. */
  unavailableShippingOptions: UnavailableOption[]
  shippingLocation: ShippingLocation | null
  applicableTaxRules: Totals['applicableTaxRules']
  coupons: string[]
  /** The automatic promotions this cart gets, each its own line (what it takes off, positive). */
  promotions: (Totals['promotions'][number] & { amount: MoneyShape })[]
  promotionCents: number
  validCoupons: string[]
  invalidCoupons: Totals['invalidCoupons']
  subtotalCents: number
  taxCents: number
  shippingCostCents: number
  discountCents: number
  grandTotalCents: number
  totalQuantity: number
  hasDigital: boolean
  purelyDigital: boolean
  requiresShipping: boolean
  currency: string
  /** The totals as Money (what the theme prints: right for every currency's fraction digits). */
  subtotal: MoneyShape
  taxTotal: MoneyShape
  shippingTotal: MoneyShape
  discountTotal: MoneyShape
  promotionTotal: MoneyShape
  grandTotal: MoneyShape
}

/** A line of a cart with what pricing and checkout need. */
export interface CartLine {
  entryId: string
  productId: string
  variantId: string
  sku: string
  title: string
  urlId: string
  productType: number
  attributes: Record<string, string>
  quantity: number
  unitPriceCents: number
  unlimited: boolean
  qtyInStock: number
  additionalFields: Record<string, unknown> | null
  isSubscribable: boolean
  subscriptionPlan: CartRowPlan
  digitalAssetUrl: string | null
  variantText: string
  hasAdditionalFields: boolean
  collectionId: string
  /** The variant's image, else the product's first. */
  imageId: string | null
  additionalFieldsFormId: string | null
  additionalFieldsForm: Record<string, unknown> | null
}
type CartRowPlan = (typeof products.$inferSelect)['subscriptionPlan']

export async function cartLines(orm: Orm, siteId: string, cartId: string): Promise<CartLine[]> {
  const rows = await orm
    .select({ e: cartEntries, v: variants, p: products })
    .from(cartEntries)
    .innerJoin(variants, eq(variants.id, cartEntries.variantId))
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .where(and(eq(cartEntries.siteId, siteId), eq(cartEntries.cartId, cartId)))
    .orderBy(asc(cartEntries.createdAt), asc(cartEntries.id))
  return rows.map(({ e, v, p }) => lineOf(e, v, p))
}

/** The line of an entry, from the entry and its variant and product rows. */
export function lineOf(e: Pick<CartEntryRow, 'id' | 'quantity' | 'additionalFields'>, v: VariantRow, p: ProductRow): CartLine {
  return {
    entryId: e.id,
    productId: p.id,
    variantId: v.id,
    sku: v.sku,
    title: p.title,
    urlId: p.urlId,
    productType: p.productType,
    attributes: v.attributes,
    quantity: e.quantity,
    unitPriceCents: v.onSale ? v.salePriceCents : v.priceCents,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
    additionalFields: e.additionalFields,
    isSubscribable: p.isSubscribable,
    subscriptionPlan: p.subscriptionPlan,
    digitalAssetUrl: p.digitalAssetUrl,
    variantText: variantText(p.variantOptions, v.attributes),
    hasAdditionalFields: p.additionalFieldsFormId !== null || p.additionalFieldsForm !== null,
    collectionId: p.collectionId,
    imageId: v.imageId ?? p.imageIds[0] ?? null,
    additionalFieldsFormId: p.additionalFieldsFormId,
    additionalFieldsForm: p.additionalFieldsForm,
  }
}

/** The { id, title } of a form's answerable fields, in form order, as labels. */
export function fieldLabels(form: unknown): { id: string; label: string }[] {
  const fields = typeof form === 'object' && form !== null ? (form as { fields?: unknown }).fields : undefined
  if (!Array.isArray(fields)) return []
  return fields.flatMap((f: unknown) => {
    if (typeof f !== 'object' || f === null) return []
    const { id, title, type } = f as { id?: unknown; title?: unknown; type?: unknown }
    if (typeof id !== 'string' || type === 'section' || type === 'hidden') return []
    return [{ id, label: typeof title === 'string' && title.trim() ? title.trim() : id }]
  })
}

/** Per line: its thumbnail, product page and field labels (one lookup of each kind for the whole cart, side by side). */
async function lineExtras(siteId: string, lines: readonly CartLine[], extras: CartExtras) {
  const imageIds = [...new Set(lines.map((l) => l.imageId).filter((x): x is string => !!x))]
  const formIds = [...new Set(lines.map((l) => l.additionalFieldsFormId).filter((x): x is string => !!x))]
  const collectionIds = [...new Set(lines.map((l) => l.collectionId))]
  const [images, forms, pathList] = await Promise.all([
    imageIds.length && extras.resolveImages ? extras.resolveImages(siteId, imageIds) : new Map<string, { assetUrl?: string }>(),
    formIds.length && extras.publicForms ? extras.publicForms(siteId, formIds) : new Map<string, object>(),
    Promise.all(collectionIds.map(async (id) => (await extras.collectionPath?.(siteId, id)) ?? null)),
  ])
  const paths = new Map(collectionIds.map((id, i) => [id, pathList[i] ?? null]))
  return lines.map((l) => {
    const path = paths.get(l.collectionId)
    return {
      imageUrl: (l.imageId ? images.get(l.imageId)?.assetUrl : undefined) ?? null,
      fullUrl: path ? `${path.replace(/\/+$/, '')}/${l.urlId}` : null,
      additionalFieldLabels: l.hasAdditionalFields ? fieldLabels((l.additionalFieldsFormId ? forms.get(l.additionalFieldsFormId) : undefined) ?? l.additionalFieldsForm) : [],
    }
  })
}

/** 'M / Red': the chosen values in the product's option order. */
export function variantText(options: readonly { name: string }[], attributes: Record<string, string>): string {
  return options.map((o) => attributes[o.name]).filter((x): x is string => typeof x === 'string' && x !== '').join(' / ')
}

export interface PricingRules {
  /** Every promotion of the site (the cart applies the live ones), in creation order. */
  promotions: PromotionRule[]
  coupons: CouponRule[]
  shipping: ShippingRule[]
  taxes: TaxRule[]
}

/** The site's coupons, shipping options and tax rules; `need` skips the kinds a cart cannot use (fewer queries). */
export async function pricingRules(orm: Orm, siteId: string, need = { coupons: true, shipping: true, taxes: true }): Promise<PricingRules> {
  const [p, c, sh, t] = await Promise.all([
    orm.select().from(promotions).where(eq(promotions.siteId, siteId)).orderBy(asc(promotions.createdAt), asc(promotions.id)),
    need.coupons ? orm.select().from(coupons).where(eq(coupons.siteId, siteId)) : [],
    need.shipping ? orm.select().from(shippingOptions).where(eq(shippingOptions.siteId, siteId)).orderBy(asc(shippingOptions.ordering), asc(shippingOptions.name)) : [],
    need.taxes ? orm.select().from(taxRules).where(eq(taxRules.siteId, siteId)) : [],
  ])
  return { promotions: p, coupons: c, shipping: sh, taxes: t }
}

export const requiresShipping = (productType: number) => productType === PRODUCT_TYPES.PHYSICAL

/** What else a checkout knows: a gift card pays part, the shopper's past uses of promotions (by email). */
export interface TotalsContext {
  giftCard?: boolean | undefined
  usedByCustomer?: ReadonlyMap<string, number> | undefined
}

export function totalsOf(
  cart: Pick<CartRow, 'couponCodes' | 'selectedShippingOption' | 'shippingLocation'> | null,
  lines: readonly CartLine[],
  rules: PricingRules,
  now = new Date(),
  more: TotalsContext = {},
): Totals {
  return computeTotals({
    lines: lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity, requiresShipping: requiresShipping(l.productType), productId: l.productId, collectionId: l.collectionId })),
    promotions: rules.promotions,
    giftCard: more.giftCard,
    usedByCustomer: more.usedByCustomer,
    coupons: rules.coupons,
    appliedCodes: cart?.couponCodes ?? [],
    shipping: rules.shipping,
    selectedShippingId: cart?.selectedShippingOption ?? null,
    location: cart?.shippingLocation ?? null,
    taxRules: rules.taxes,
    now,
  })
}

/** What a cart of `lines` needs of the site's pricing rules (a cart without them skips their queries). */
export function rulesNeeded(cart: Pick<CartRow, 'couponCodes' | 'shippingLocation'> | null, lines: readonly CartLine[]) {
  return { coupons: (cart?.couponCodes.length ?? 0) > 0, shipping: lines.some((l) => requiresShipping(l.productType)), taxes: !!cart?.shippingLocation }
}

/** The rules a cart uses out of all of the site's (the same answer as `pricingRules` asked with `need`). */
export function rulesFor(all: PricingRules, need: ReturnType<typeof rulesNeeded>): PricingRules {
  return { promotions: all.promotions, coupons: need.coupons ? all.coupons : [], shipping: need.shipping ? all.shipping : [], taxes: need.taxes ? all.taxes : [] }
}

/**
 * The cart entity; `cart` null answers the empty cart of the site (no cart exists yet). With `extras` the entries
 * also carry their thumbnail, product page and field labels (what the /cart page shows).
 */
export async function cartView(orm: Orm, siteId: string, cart: CartRow | null, extras?: CartExtras, more: TotalsContext = {}): Promise<CartView> {
  const [{ currency }, lines] = await Promise.all([getSettings(orm, siteId), cart ? cartLines(orm, siteId, cart.id) : []])
  const need = rulesNeeded(cart, lines)
  const [extra, rules] = await Promise.all([
    extras && lines.length ? lineExtras(siteId, lines, extras) : [],
    lines.length > 0 ? pricingRules(orm, siteId, need) : { promotions: [], coupons: [], shipping: [], taxes: [] },
  ])
  return viewOf(siteId, cart, lines, currency, rules, extra, more)
}

/**
 * The cart entity of a cart whose lines and rules are at hand (no cart query; only the extras ask their domains for
 * thumbnails, forms and paths): a cart opened by an add, with the site's settings and rules from the site cache. The
 * same answer as `cartView` gives for that cart.
 */
export async function cartViewOf(
  siteId: string,
  cart: CartRow,
  lines: readonly CartLine[],
  site: { currency: string; rules: PricingRules },
  extras?: CartExtras,
): Promise<CartView> {
  const more = extras && lines.length ? await lineExtras(siteId, lines, extras) : []
  return viewOf(siteId, cart, lines, site.currency, rulesFor(site.rules, rulesNeeded(cart, lines)), more)
}

type LineExtras = Awaited<ReturnType<typeof lineExtras>>

function viewOf(siteId: string, cart: CartRow | null, lines: readonly CartLine[], currency: string, rules: PricingRules, more: LineExtras, context: TotalsContext = {}): CartView {
  const totals = totalsOf(cart, lines, rules, new Date(), context)
  const hasDigital = lines.some((l) => l.productType === PRODUCT_TYPES.DIGITAL)
  const priced = (o: Option): PricedOption => ({ ...o, cost: money(o.costCents, currency) })
  return {
    id: cart?.id ?? null,
    websiteId: siteId,
    orderId: cart?.orderId ?? null,
    created: cart ? cart.createdAt.getTime() : null,
    isPurchased: cart?.isPurchased ?? false,
    entries: lines.map((l, i) => ({
      id: l.entryId,
      itemId: l.productId,
      chosenVariant: { sku: l.sku, attributes: l.attributes },
      quantity: l.quantity,
      title: l.title,
      subTotal: money(l.unitPriceCents * l.quantity, currency),
      purchasePriceCents: l.unitPriceCents,
      productType: l.productType,
      unitPrice: money(l.unitPriceCents, currency),
      additionalFields: l.additionalFields,
      variantText: l.variantText,
      hasAdditionalFields: l.hasAdditionalFields,
      ...more[i],
    })),
    shippingOptions: totals.shippingOptions.map(priced),
    selectedShippingOption: totals.selectedShippingOption ? priced(totals.selectedShippingOption) : null,
    unavailableShippingOptions: totals.unavailableShippingOptions.map((u) => ({ ...u, remaining: money(u.remainingCents, currency), minSubtotal: money(u.minSubtotalCents, currency) })),
    shippingLocation: cart?.shippingLocation ?? null,
    applicableTaxRules: totals.applicableTaxRules,
    coupons: cart?.couponCodes ?? [],
    promotions: totals.promotions.map((p) => ({ ...p, amount: money(p.amountCents, currency) })),
    promotionCents: totals.promotionCents,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    hasDigital,
    purelyDigital: lines.length > 0 && lines.every((l) => l.productType === PRODUCT_TYPES.DIGITAL),
    requiresShipping: totals.requiresShipping,
    currency,
    subtotal: money(totals.subtotalCents, currency),
    taxTotal: money(totals.taxCents, currency),
    shippingTotal: money(totals.shippingCostCents, currency),
    discountTotal: money(totals.discountCents, currency),
    promotionTotal: money(totals.promotionCents, currency),
    grandTotal: money(totals.grandTotalCents, currency),
  }
}
