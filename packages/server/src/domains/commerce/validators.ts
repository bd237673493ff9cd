// Request schemas of the commerce domain (zod, strict). Owner money fields are integer minor units.
import { z } from 'zod'
import { BILLING_UNITS, PRODUCT_TYPES, type InventoryQuery, type OrderQuery, type VariantInput } from '@sitewright/contracts'
import type { Assert, Same } from '../../platform/http/contract.js'
import { linkSchema } from '../../platform/url-policy.js'

export { PRODUCT_TYPES } // defined once in contracts
/** The product types bought as subscriptions, the specification's rule as it stands: "Subscriptions only for PHYSICAL and SERVICE." */
export const SUBSCRIBABLE_TYPES: ReadonlySet<number> = new Set([PRODUCT_TYPES.PHYSICAL, PRODUCT_TYPES.SERVICE])

/**
 * What renews on a billing period: a product subscription (the spec's rule above) or a membership plan. A paid
 * membership (PAYWALL) that renews monthly or yearly is not a product subscription widened to a third type: it is its
 * own kind of recurring plan, checked here beside the spec's rule and billed by the same recurring machinery
 * (ARCHITECTURE.md, "Three contradictions"). Any other type renews as nothing (null).
 */
export type RecurringKind = 'subscription' | 'membership'
export function recurringKindOf(productType: number): RecurringKind | null {
  if (SUBSCRIBABLE_TYPES.has(productType)) return 'subscription'
  return productType === PRODUCT_TYPES.PAYWALL ? 'membership' : null
}
export const MAX_PRODUCTS_PER_COLLECTION = 200
export const MAX_VARIANTS = 10000

const id = z.string().trim().min(1, 'Required.').max(100)
const cents = z.number({ message: 'Enter an amount in minor units.' }).int('Use whole minor units.').min(0, 'Cannot be negative.').max(100_000_000, 'Too large.')
const label = (max: number) => z.string().trim().min(1, 'Required.').max(max, `At most ${max} characters.`)

export const variantInput = z
  .object({
    sku: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only.').optional(),
    attributes: z.record(z.string().max(100), z.string().max(100)).default({}),
    priceCents: cents,
    salePriceCents: cents.default(0),
    onSale: z.boolean().default(false),
    qtyInStock: z.number().int('Use a whole number.').min(0, 'Cannot be negative.').max(10_000_000).default(0),
    unlimited: z.boolean().default(false),
    imageId: id.nullable().optional(),
  })
  .strict()
export type { VariantInput }
type _VariantInputAgrees = Assert<Same<z.infer<typeof variantInput>, VariantInput>>

export const variantOptionInput = z
  .object({
    name: label(100),
    displayText: z.string().max(100).optional(),
    selectText: z.string().max(100).optional(),
    values: z.array(label(100)).min(1).max(200),
  })
  .strict()

export const subscriptionPlanInput = z
  .object({
    billingPeriod: z.object({ value: z.number().int().min(1).max(365), unit: z.enum(BILLING_UNITS) }).strict(),
    numBillingCycles: z.number().int().min(0).max(1000),
  })
  .strict()

/** Tags and categories keep their first spelling, once each (case-insensitive). */
const unique = (list: string[]) => list.filter((t, i) => list.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)

const productFields = {
  urlId: z.string().trim().min(1).max(200).regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and dashes.'),
  title: label(200),
  description: z.string().max(20000),
  excerpt: z.string().max(1000),
  status: z.enum(['published', 'draft', 'hidden']),
  imageIds: z.array(id).max(50),
  variantOptions: z.array(variantOptionInput).max(6),
  isSubscribable: z.boolean(),
  subscriptionPlan: subscriptionPlanInput.nullable(),
  additionalFieldsFormId: id.nullable(),
  additionalFieldsForm: z.record(z.string(), z.unknown()).nullable(),
  useCustomAddButtonText: z.boolean(),
  customAddButtonText: z.string().max(60),
  audioAssetUrl: linkSchema().nullable(),
  digitalAssetUrl: linkSchema().nullable(),
  ordering: z.number().int(),
  descriptionFormat: z.enum(['text', 'html']),
  seoTitle: z.string().trim().max(200),
  seoDescription: z.string().trim().max(500),
  socialImageId: id.nullable(),
  weight: z.object({ value: z.number().min(0).max(1_000_000), unit: z.enum(['g', 'kg', 'oz', 'lb']) }).strict().nullable(),
  dimensions: z
    .object({ length: z.number().min(0).max(100_000), width: z.number().min(0).max(100_000), height: z.number().min(0).max(100_000), unit: z.enum(['cm', 'in']) })
    .strict()
    .nullable(),
  tags: z.array(label(80)).max(50).transform(unique),
  categories: z.array(label(80)).max(50).transform(unique),
}

export const productCreate = z
  .object({
    collectionId: id,
    productType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    variants: z.array(variantInput).min(1, 'A product needs at least one variant.').max(MAX_VARIANTS),
    ...productFields,
    urlId: productFields.urlId.optional(),
  })
  .partial({ description: true, excerpt: true, status: true, imageIds: true, variantOptions: true, isSubscribable: true, subscriptionPlan: true, additionalFieldsFormId: true, additionalFieldsForm: true, useCustomAddButtonText: true, customAddButtonText: true, audioAssetUrl: true, digitalAssetUrl: true, ordering: true, descriptionFormat: true, seoTitle: true, seoDescription: true, socialImageId: true, weight: true, dimensions: true, tags: true, categories: true })
  .strict()
export type ProductCreate = z.infer<typeof productCreate>

/** Product fields, and optionally the whole variant matrix: both are applied in one transaction. */
export const productPatch = z
  .object({ ...productFields, variants: z.array(variantInput).min(1, 'A product needs at least one variant.').max(MAX_VARIANTS) })
  .partial()
  .strict()
export type ProductPatch = z.infer<typeof productPatch>

export const variantsPut = z.object({ variants: z.array(variantInput).min(1).max(MAX_VARIANTS) }).strict()

export const stockPatch = z
  .object({
    qtyInStock: z.number().int().min(0).max(10_000_000).optional(),
    delta: z.number().int().min(-10_000_000).max(10_000_000).optional(),
    unlimited: z.boolean().optional(),
  })
  .strict()

export const settingsPatch = z
  .object({
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'A three-letter currency code.').transform((s) => s.toUpperCase()),
    instalmentsEnabled: z.boolean(),
    instalmentMinCents: cents,
    instalmentMaxCents: cents,
    multipleQuantityAllowedForServices: z.boolean(),
    expressCheckout: z.boolean(),
  })
  .partial()
  .strict()

export const couponInput = z
  .object({
    code: z.string().trim().min(2).max(40).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, dash and underscore only.').transform((s) => s.toUpperCase()),
    kind: z.enum(['percentage', 'fixed', 'free_shipping']),
    amount: z.number().int().min(0).max(100_000_000).default(0),
    minSubtotalCents: cents.default(0),
    startsAt: z.iso.datetime().nullable().optional(),
    endsAt: z.iso.datetime().nullable().optional(),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((c) => c.kind !== 'percentage' || (c.amount >= 1 && c.amount <= 100), { message: 'A percentage is 1 to 100.', path: ['amount'] })

export const shippingInput = z
  .object({
    name: label(100),
    kind: z.enum(['flat', 'free_over']),
    costCents: cents,
    minSubtotalCents: cents.default(0),
    ordering: z.number().int().default(0),
  })
  .strict()

export const taxInput = z
  .object({
    name: label(100),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code.').transform((s) => s.toUpperCase()),
    region: z.string().max(10).default('').transform((s) => s.trim().toUpperCase()),
    rateBp: z.number().int().min(0).max(10000),
  })
  .strict()

export const giftCardIssue = z.object({ amountCents: cents.min(1), code: z.string().trim().min(6).max(40).optional() }).strict()

export const siteParams = z.object({ siteId: id }).strict()
export const productParams = z.object({ siteId: id, productId: id }).strict()
export const variantParams = z.object({ siteId: id, productId: id, variantId: id }).strict()
export const rowParams = z.object({ siteId: id, rowId: id }).strict()
/** POST .../orders/:rowId/fulfil (FulfilInput). */
export const fulfilInput = z
  .object({
    carrier: z.string().trim().max(80).optional(),
    trackingNumber: z.string().trim().max(120).optional(),
    trackingUrl: z.string().trim().max(2000).url().refine((u) => /^https?:/i.test(u), 'Use an http(s) address.').optional().or(z.literal('')),
    lines: z.array(z.object({ entryId: z.string().min(1).max(100), quantity: z.number().int().min(0).max(100_000) }).strict()).max(500).optional(),
    notifyCustomer: z.boolean().optional(),
  })
  .strict()
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'refunded'] as const
const search = z.string().trim().max(200).optional()

/** Owner orders list: `q` is an order number ('#12' or '12') or part of an email; `status` one of ORDER_STATUSES. */
export const orderQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    q: search,
    status: z.enum(ORDER_STATUSES, { message: `One of ${ORDER_STATUSES.join(', ')}.` }).or(z.literal('')).optional(),
  })
  .strict()
export type { OrderQuery }
type _OrderQueryAgrees = Assert<Same<z.infer<typeof orderQuery>, OrderQuery>>

/** Owner product list: `view=summary` answers slim rows (variant counts, stock and price summary, no variants). */
export const productListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    collectionId: id.optional(),
    q: search,
    view: z.enum(['full', 'summary']).default('full'),
  })
  .strict()

/** Owner inventory: stock-tracked variants a page at a time (keyset `cursor`), `q` title or SKU, `lowStock` threshold. */
export const inventoryQuery = z
  .object({
    cursor: z.string().max(1000).optional(),
    q: search,
    lowStock: z.coerce.number().int().min(0).max(10_000_000).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict()
export type { InventoryQuery }
type _InventoryQueryAgrees = Assert<Same<z.infer<typeof inventoryQuery>, InventoryQuery>>
