// The product editor's draft: the product as typed (money and counts as text), built from an API product and read
// back into the API's input with client-side messages keyed like the server's fields map ("title",
// "variants.2.priceCents", "subscriptionPlan.numBillingCycles") so both show under the same fields.
import { formatMoney, toMajor, toMinor } from '../money.js'
import {
  canSubscribe, DENOMINATION_OPTION, hasOptions, PRODUCT_TYPES, stockEditable, type ProductType,
} from '../productTypes.js'
import { MAX_BILLING_CYCLES, MAX_PERIOD_VALUE, type BillingUnit, type SubscriptionPlan } from '../subscription.js'
import { plainTextToHtml, type OwnerProduct, type ProductDimensions, type ProductInput, type ProductStatus, type ProductWeight, type VariantInput } from '@sitewright/contracts'
import { blankVariant, buildMatrix, newKey, usableOptions, type OptionDraft, type VariantDraft } from '../variants.js'

export const TITLE_MAX = 200
export const BUTTON_TEXT_MAX = 60
export const MAX_STOCK = 10_000_000
const SKU_RE = /^[A-Za-z0-9._-]+$/
const URL_RE = /^[a-z0-9][a-z0-9-]*$/

export interface PlanDraft {
  value: string
  unit: BillingUnit
  cycles: string
}

export interface ProductDraft {
  productType: ProductType
  title: string
  description: string
  excerpt: string
  urlId: string
  status: ProductStatus
  imageIds: string[]
  options: (OptionDraft & { key: string })[]
  variants: VariantDraft[]
  isSubscribable: boolean
  plan: PlanDraft
  additionalFieldsFormId: string | null
  useCustomAddButtonText: boolean
  customAddButtonText: string
  digitalAssetUrl: string
  seoTitle: string
  seoDescription: string
  socialImageId: string | null
  /** Shipping weight and dimensions as typed ('' = not set). */
  weight: string
  weightUnit: ProductWeight['unit']
  length: string
  width: string
  height: string
  dimensionUnit: ProductDimensions['unit']
  /** Comma-separated as typed. */
  tags: string
  categories: string
}

export const SEO_TITLE_MAX = 200
export const SEO_DESCRIPTION_MAX = 500
/** An older plain-text description as the rich-text editor's HTML (paragraphs, line breaks). */
export const textToHtml = plainTextToHtml

const listOf = (text: string) => {
  const out: string[] = []
  for (const t of text.split(',').map((x) => x.trim()).filter(Boolean)) if (!out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t)
  return out
}
const num = (n: number | undefined) => (n === undefined ? '' : String(n))

export type FieldErrors = Record<string, string>

export function newDraft(productType: ProductType = PRODUCT_TYPES.PHYSICAL): ProductDraft {
  return {
    productType,
    title: '',
    description: '',
    excerpt: '',
    urlId: '',
    status: 'published',
    imageIds: [],
    options: [],
    variants: [blankVariant()],
    isSubscribable: false,
    plan: { value: '1', unit: 'MONTH', cycles: '0' },
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    digitalAssetUrl: '',
    seoTitle: '',
    seoDescription: '',
    socialImageId: null,
    weight: '',
    weightUnit: 'kg',
    length: '',
    width: '',
    height: '',
    dimensionUnit: 'cm',
    tags: '',
    categories: '',
  }
}

/** Opens a product as the owner API answers it for editing (prices in the variants are minor units). */
export function draftOf(p: OwnerProduct, currency: string): ProductDraft {
  const sc = p.structuredContent
  const plan = sc.subscriptionPlan
  return {
    productType: sc.productType,
    title: p.title,
    description: p.descriptionFormat === 'html' ? p.description : textToHtml(p.description),
    excerpt: p.excerpt ?? '',
    urlId: p.urlId,
    status: p.status,
    imageIds: p.imageIds,
    options: p.variantOptions.map((o) => ({ key: newKey(), name: o.name, values: o.values })),
    variants: (sc.variants.length ? sc.variants : [null]).map((v) =>
      v
        ? {
            key: newKey(),
            sku: v.sku,
            attributes: v.attributes,
            price: toMajor(v.price, currency),
            salePrice: v.salePrice ? toMajor(v.salePrice, currency) : '',
            onSale: v.onSale,
            qtyInStock: String(v.qtyInStock),
            unlimited: v.unlimited,
            imageId: v.mainImageId ?? null,
          }
        : blankVariant(),
    ),
    isSubscribable: sc.isSubscribable,
    plan: plan
      ? { value: String(plan.billingPeriod.value), unit: plan.billingPeriod.unit, cycles: String(plan.numBillingCycles) }
      : { value: '1', unit: 'MONTH', cycles: '0' },
    additionalFieldsFormId: sc.additionalFieldsFormId,
    useCustomAddButtonText: sc.useCustomAddButtonText,
    customAddButtonText: sc.customAddButtonText,
    digitalAssetUrl: p.digitalAssetUrl ?? '',
    seoTitle: p.seoTitle ?? '',
    seoDescription: p.seoDescription ?? '',
    socialImageId: p.socialImageId ?? null,
    weight: num(p.weight?.value),
    weightUnit: p.weight?.unit ?? 'kg',
    length: num(p.dimensions?.length),
    width: num(p.dimensions?.width),
    height: num(p.dimensions?.height),
    dimensionUnit: p.dimensions?.unit ?? 'cm',
    tags: (p.tags ?? []).join(', '),
    categories: (p.categories ?? []).join(', '),
  }
}

/** The draft after switching type: options and stock only where the type has them, one variant where it must. */
export function withType(d: ProductDraft, productType: ProductType): ProductDraft {
  const next = { ...d, productType }
  if (!canSubscribe(productType)) next.isSubscribable = false
  if (!hasOptions(productType) && productType !== PRODUCT_TYPES.GIFT_CARD) {
    const first = d.variants[0] ?? blankVariant()
    next.options = []
    next.variants = [{ ...first, attributes: {} }]
  }
  if (productType === PRODUCT_TYPES.GIFT_CARD && d.productType !== PRODUCT_TYPES.GIFT_CARD) {
    next.options = []
    next.variants = d.variants.slice(0, 1).map((v) => ({ ...v, attributes: {}, onSale: false }))
  }
  if (hasOptions(productType) && d.productType === PRODUCT_TYPES.GIFT_CARD) {
    next.variants = d.variants.slice(0, 1).map((v) => ({ ...v, attributes: {} }))
  }
  return next
}

/** Regenerates the matrix from the draft's options (keeping what was typed). */
export function withOptions(d: ProductDraft, options: ProductDraft['options']): { draft: ProductDraft; error: string | null } {
  const result = buildMatrix(options, d.variants)
  if (!result.ok) return { draft: { ...d, options }, error: result.message }
  return { draft: { ...d, options, variants: result.variants }, error: null }
}

function readPlan(plan: PlanDraft, errors: FieldErrors): SubscriptionPlan | null {
  const value = Number(plan.value)
  const cycles = Number(plan.cycles)
  if (!/^\d+$/.test(plan.value.trim()) || value < 1 || value > MAX_PERIOD_VALUE)
    errors['subscriptionPlan.billingPeriod.value'] = `Enter a whole number from 1 to ${MAX_PERIOD_VALUE}.`
  if (!/^\d+$/.test(plan.cycles.trim()) || cycles > MAX_BILLING_CYCLES)
    errors['subscriptionPlan.numBillingCycles'] = `Enter a whole number from 0 to ${MAX_BILLING_CYCLES} (0 = until cancelled).`
  if (errors['subscriptionPlan.billingPeriod.value'] || errors['subscriptionPlan.numBillingCycles']) return null
  return { billingPeriod: { value, unit: plan.unit }, numBillingCycles: cycles }
}

function readVariants(d: ProductDraft, currency: string, errors: FieldErrors): VariantInput[] {
  const names = usableOptions(d.options).map((o) => o.name)
  const stock = stockEditable(d.productType)
  const giftCard = d.productType === PRODUCT_TYPES.GIFT_CARD
  const labels = new Set<string>()
  return d.variants.map((v, i) => {
    const at = (f: string) => `variants.${i}.${f}`
    const price = toMinor(v.price, currency)
    if (!price.ok) errors[at('priceCents')] = price.message
    else if (giftCard && price.minor <= 0) errors[at('priceCents')] = 'A gift card amount must be above zero.'
    let salePriceCents = 0
    if (v.salePrice.trim() !== '' || v.onSale) {
      const sale = toMinor(v.salePrice, currency)
      if (!sale.ok) errors[at('salePriceCents')] = v.onSale && v.salePrice.trim() === '' ? 'Enter the sale price.' : sale.message
      else {
        salePriceCents = sale.minor
        if (v.onSale && price.ok && sale.minor >= price.minor)
          errors[at('salePriceCents')] = 'The sale price must be below the price.'
      }
    }
    let qtyInStock = 0
    if (stock && !v.unlimited) {
      const text = v.qtyInStock.trim()
      if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK)
        errors[at('qtyInStock')] = `Enter a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}.`
      else qtyInStock = Number(text)
    } else if (stock) qtyInStock = /^\d+$/.test(v.qtyInStock.trim()) ? Number(v.qtyInStock.trim()) : 0
    const sku = v.sku.trim()
    if (sku && (sku.length > 64 || !SKU_RE.test(sku))) errors[at('sku')] = 'Letters, digits, dot, dash and underscore only (at most 64).'
    let attributes: Record<string, string> = {}
    if (giftCard) {
      const label = price.ok ? formatMoney(price.minor, currency) : ''
      if (label && labels.has(label)) errors[at('priceCents')] = 'Each denomination must be different.'
      labels.add(label)
      attributes = { [DENOMINATION_OPTION]: label }
    } else {
      for (const n of names) if (v.attributes[n] !== undefined) attributes[n] = v.attributes[n]
    }
    const out: VariantInput = {
      attributes,
      priceCents: price.ok ? price.minor : 0,
      salePriceCents,
      onSale: giftCard ? false : v.onSale,
      qtyInStock,
      unlimited: stock ? v.unlimited : true,
      imageId: v.imageId,
    }
    if (sku) out.sku = sku
    return out
  })
}

export type ReadResult =
  | { ok: true; input: ProductInput; variants: VariantInput[] }
  | { ok: false; errors: FieldErrors }

/** The API input of a draft, or the messages to show under its fields. */
export function readDraft(d: ProductDraft, currency: string): ReadResult {
  const errors: FieldErrors = {}
  const title = d.title.trim()
  if (!title) errors.title = 'Enter a title.'
  else if (title.length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters.`
  const urlId = d.urlId.trim()
  if (urlId && (urlId.length > 200 || !URL_RE.test(urlId))) errors.urlId = 'Lower-case letters, digits and dashes.'
  const custom = d.customAddButtonText.trim()
  if (d.useCustomAddButtonText && !custom) errors.customAddButtonText = 'Enter the button text, or turn custom text off.'
  else if (custom.length > BUTTON_TEXT_MAX) errors.customAddButtonText = `Use at most ${BUTTON_TEXT_MAX} characters.`
  const options = hasOptions(d.productType) ? usableOptions(d.options) : []
  d.options.forEach((o, i) => {
    if (!o.name.trim() && o.values.some((v) => v.trim())) errors[`variantOptions.${i}.name`] = 'Name this option.'
    else if (o.name.trim() && !o.values.some((v) => v.trim())) errors[`variantOptions.${i}.values`] = 'Add at least one value.'
  })
  const names = d.options.map((o) => o.name.trim()).filter(Boolean)
  if (new Set(names).size !== names.length) errors.variantOptions = 'Two options have the same name.'
  const subscribable = d.isSubscribable && canSubscribe(d.productType)
  const plan = subscribable ? readPlan(d.plan, errors) : null
  if (d.variants.length === 0) errors.variants = d.productType === PRODUCT_TYPES.GIFT_CARD ? 'Add at least one denomination.' : 'A product needs at least one variant.'
  const variants = readVariants(d, currency, errors)
  if (d.seoTitle.trim().length > SEO_TITLE_MAX) errors.seoTitle = `Use at most ${SEO_TITLE_MAX} characters.`
  if (d.seoDescription.trim().length > SEO_DESCRIPTION_MAX) errors.seoDescription = `Use at most ${SEO_DESCRIPTION_MAX} characters.`
  const measure = (text: string, field: string, max: number): number | null => {
    const t = text.trim().replace(',', '.')
    if (t === '') return null
    const n = Number(t)
    if (!/^\d+(\.\d+)?$/.test(t) || n > max) {
      errors[field] = `Enter a number from 0 to ${max.toLocaleString('en-US')}.`
      return null
    }
    return n
  }
  const weight = measure(d.weight, 'weight', 1_000_000)
  const dims = (['length', 'width', 'height'] as const).map((k) => measure(d[k], `dimensions.${k}`, 100_000))
  const someDims = dims.some((x) => x !== null)
  if (someDims && dims.some((x, i) => x === null && !errors[`dimensions.${['length', 'width', 'height'][i]}`]))
    errors.dimensions = 'Enter length, width and height, or leave all three empty.'
  const tags = listOf(d.tags)
  const categories = listOf(d.categories)
  if (tags.some((t) => t.length > 80) || tags.length > 50) errors.tags = 'At most 50 tags of up to 80 characters.'
  if (categories.some((t) => t.length > 80) || categories.length > 50) errors.categories = 'At most 50 categories of up to 80 characters.'
  if (Object.keys(errors).length) return { ok: false, errors }
  const giftCard = d.productType === PRODUCT_TYPES.GIFT_CARD
  const input: ProductInput = {
    productType: d.productType,
    title,
    description: d.description,
    status: d.status,
    imageIds: d.imageIds,
    variantOptions: giftCard
      ? [{ name: DENOMINATION_OPTION, values: variants.map((v) => v.attributes[DENOMINATION_OPTION]!) }]
      : options.map((o) => ({ name: o.name, values: o.values })),
    isSubscribable: subscribable,
    subscriptionPlan: plan,
    additionalFieldsFormId: d.additionalFieldsFormId,
    useCustomAddButtonText: d.useCustomAddButtonText,
    customAddButtonText: custom,
    digitalAssetUrl: d.productType === PRODUCT_TYPES.DIGITAL && d.digitalAssetUrl.trim() ? d.digitalAssetUrl.trim() : null,
    descriptionFormat: 'html',
    seoTitle: d.seoTitle.trim(),
    seoDescription: d.seoDescription.trim(),
    socialImageId: d.socialImageId,
    weight: weight === null ? null : { value: weight, unit: d.weightUnit },
    dimensions: someDims ? { length: dims[0]!, width: dims[1]!, height: dims[2]!, unit: d.dimensionUnit } : null,
    tags,
    categories,
  }
  if (urlId) input.urlId = urlId
  return { ok: true, input, variants }
}
