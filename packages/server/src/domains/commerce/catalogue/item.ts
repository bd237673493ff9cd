// Products as template-context Items (themes/default/CONTEXT.md: recordType 11, structuredContent with the
// product's variants, prices and stock). Prices appear twice: legacy `price`/`salePrice` in minor units and `priceMoney`/`salePriceMoney`.
import { money } from '../shared/money.js'
import type { ProductRow, VariantRow } from '../schema.js'
import { saleOf, type PromotionRule } from '../cart/promotions.js'
import { PRODUCT_TYPES } from '../validators.js'
import { escapeHtml, plainTextToHtml, type ImageShape, type ProductItem, type ProductType, type VariantShape } from '@sitewright/contracts'

export const RECORD_TYPE_STORE_ITEM = 11

export type { ImageShape, ProductItem, VariantShape }

/** Plain-text description -> paragraphs of escaped text. */
export const descriptionHtml = plainTextToHtml

export function variantShape(v: VariantRow, p: Pick<ProductRow, 'variantOptions'>, currency: string, images: ReadonlyMap<string, ImageShape>): VariantShape {
  const shape: VariantShape = {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    optionValues: p.variantOptions.filter((o) => o.name in v.attributes).map((o) => ({ optionName: o.name, value: v.attributes[o.name]! })),
    price: v.priceCents,
    salePrice: v.salePriceCents,
    onSale: v.onSale,
    priceMoney: money(v.priceCents, currency),
    salePriceMoney: money(v.salePriceCents, currency),
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
  }
  if (v.imageId) {
    shape.mainImageId = v.imageId
    const img = images.get(v.imageId)
    if (img) shape.mainImage = img
  }
  return shape
}

/** The item of a product; `collectionUrl` is the collection's fullUrl ('/shop'). */
export function productItem(
  p: ProductRow,
  vs: readonly VariantRow[],
  opts: { currency: string; collectionUrl: string; images?: ReadonlyMap<string, ImageShape>; forms?: ReadonlyMap<string, object>; promotions?: readonly PromotionRule[]; now?: Date },
): ProductItem {
  const images = opts.images ?? new Map<string, ImageShape>()
  const own = p.imageIds.map((id) => images.get(id)).filter((x): x is ImageShape => !!x)
  const vShapes = vs.map((v) => variantShape(v, p, opts.currency, images))
  const single = p.productType === PRODUCT_TYPES.DIGITAL || p.productType === PRODUCT_TYPES.PAYWALL
  const first = vs[0]
  const priceCents = single && first ? first.priceCents : Math.min(...vs.map((v) => (v.onSale ? v.salePriceCents : v.priceCents)), Number.MAX_SAFE_INTEGER)
  const structuredContent: ProductItem['structuredContent'] = {
    productType: p.productType as ProductType,
    variants: vShapes,
    variantOptionOrdering: p.variantOptions.map((o) => o.name),
    variantOptions: p.variantOptions.map((o) => ({ name: o.name, displayText: o.displayText ?? o.name, selectText: o.selectText ?? `Select ${o.name}`, values: o.values })),
    priceMoney: money(vs.length ? priceCents : 0, opts.currency),
    salePriceMoney: money(single && first ? first.salePriceCents : 0, opts.currency),
    onSale: single ? (first?.onSale ?? false) : vs.some((v) => v.onSale),
    isSubscribable: p.isSubscribable,
    subscriptionPlan: p.subscriptionPlan,
    additionalFieldsFormId: p.additionalFieldsFormId,
    // The form of the forms domain when the product names one (public shape), else the product's inline form.
    additionalFieldsForm: ((p.additionalFieldsFormId ? opts.forms?.get(p.additionalFieldsFormId) : undefined) as Record<string, unknown> | undefined) ?? p.additionalFieldsForm,
    useCustomAddButtonText: p.useCustomAddButtonText,
    customAddButtonText: p.customAddButtonText,
  }
  if (single && first) {
    structuredContent.price = first.priceCents
    structuredContent.salePrice = first.salePriceCents
  }
  if (p.audioAssetUrl) structuredContent.audioAssetUrl = p.audioAssetUrl
  const sale = opts.promotions?.length ? saleOf(opts.promotions, { productId: p.id, collectionId: p.collectionId }, opts.now ?? new Date()) : null
  if (sale) structuredContent.promotion = { id: sale.id, name: sale.name, kind: sale.kind }
  const item: ProductItem = {
    id: p.id,
    collectionId: p.collectionId,
    recordType: RECORD_TYPE_STORE_ITEM,
    title: p.title,
    urlId: p.urlId,
    fullUrl: `${opts.collectionUrl.replace(/\/+$/, '')}/${p.urlId}`,
    body: p.descriptionFormat === 'html' ? p.description : descriptionHtml(p.description),
    addedOn: p.createdAt.getTime(),
    publishOn: p.createdAt.getTime(),
    updatedOn: p.updatedAt.getTime(),
    tags: [...p.tags],
    categories: [...p.categories],
    publicCommentCount: 0,
    commentState: 2,
    likeCount: 0,
    passthrough: false,
    items: own,
    structuredContent,
  }
  const seo: NonNullable<ProductItem['seoData']> = {}
  if (p.seoTitle) seo.seoTitle = p.seoTitle
  if (p.seoDescription) seo.seoDescription = p.seoDescription
  const social = p.socialImageId ? images.get(p.socialImageId) : undefined
  if (social) seo.socialImage = social
  if (Object.keys(seo).length) item.seoData = seo
  if (p.weight) item.weight = p.weight
  if (p.dimensions) item.dimensions = p.dimensions
  if (p.excerpt.trim()) item.excerpt = `<p>${escapeHtml(p.excerpt.trim())}</p>`
  if (p.audioAssetUrl) item.audioAssetUrl = p.audioAssetUrl
  const main = own[0]
  if (p.imageIds[0]) item.mainImageId = p.imageIds[0]
  if (main) {
    item.mainImage = main
    if (main.assetUrl) item.assetUrl = main.assetUrl
  }
  return item
}
