// Owner product views as GET /api/sites/:siteId/commerce/products(/:id) answers them: the storefront item
// (structuredContent with variants, prices in minor units) plus status, description, variantOptions and imageIds.

export interface VariantSpec {
  sku: string
  attributes?: Record<string, string>
  price: number
  salePrice?: number
  onSale?: boolean
  qtyInStock?: number
  unlimited?: boolean
}

const money = (cents: number, currency: string) => {
  const value = currency === 'JPY' ? String(cents) : (cents / 100).toFixed(2)
  return { value, currency, decimalValue: value, currencyCode: currency }
}

export function productView(
  p: {
    id: string
    title: string
    productType?: number
    status?: string
    variantOptions?: { name: string; values: string[] }[]
    variants: VariantSpec[]
    isSubscribable?: boolean
    subscriptionPlan?: unknown
  },
  currency = 'USD',
) {
  const options = p.variantOptions ?? []
  return {
    id: p.id,
    collectionId: 'shop',
    recordType: 11,
    title: p.title,
    urlId: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    fullUrl: `/shop/${p.id}`,
    body: '<p>Soft cotton.</p>',
    items: [],
    status: p.status ?? 'published',
    ordering: 0,
    description: 'Soft cotton.',
    digitalAssetUrl: null,
    variantOptions: options,
    imageIds: [],
    structuredContent: {
      productType: p.productType ?? 1,
      variants: p.variants.map((v, i) => ({
        id: `${p.id}-v${i}`,
        sku: v.sku,
        attributes: v.attributes ?? {},
        optionValues: [],
        price: v.price,
        salePrice: v.salePrice ?? 0,
        onSale: v.onSale ?? false,
        priceMoney: money(v.price, currency),
        salePriceMoney: money(v.salePrice ?? 0, currency),
        qtyInStock: v.qtyInStock ?? 0,
        unlimited: v.unlimited ?? false,
      })),
      variantOptionOrdering: options.map((o) => o.name),
      isSubscribable: p.isSubscribable ?? false,
      subscriptionPlan: p.subscriptionPlan ?? null,
      additionalFieldsFormId: null,
      additionalFieldsForm: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
    },
  }
}

export const collectionsReply = {
  collections: [
    { id: 'home', type: 10, typeName: 'page', title: 'Home', fullUrl: '/' },
    { id: 'shop', type: 13, typeName: 'products', title: 'Shop', fullUrl: '/shop' },
  ],
}
