// The demo store at /shop: one product of each kind the store supports, shipping, tax and a coupon. Seeded once,
// with the demo content. The hidden benchmark products (10,000 variants, and one variant) are not part of it:
// `seedBenchProducts` adds them where they are wanted (a test; scripts/bench-cart.ts builds its own).
import type { Commerce, ProductCreateInput } from '../../domains/commerce/index.js'
import type { FormInput } from '../../domains/forms/index.js'
import { productImage, tinyPdf, type ProductShape } from './images.js'

export interface DemoStoreDeps {
  commerce: Commerce
  /** Files domain: stores an image or file, answers its id and URL; without it the products have no pictures. */
  storeFile?: (siteId: string, filename: string, bytes: Buffer, meta: { altText: string; title: string }) => Promise<{ id: string; assetUrl: string }>
  log?: { warn(obj: unknown, msg: string): void }
  /** Forms domain: creates the name plate's personalisation form, answers its id; without it the form is inline. */
  createForm?: (siteId: string, input: FormInput) => Promise<string>
  /** Reviews domain: seeds native and Etsy-imported reviews on the products (urlId -> product id). */
  seedReviews?: (siteId: string, productIds: ReadonlyMap<string, string>) => Promise<void>
}

/** The name plate's personalisation form (an additional-fields form of the forms domain). */
export const NAME_PLATE_FORM: FormInput = {
  name: 'Personalisation',
  submitButtonText: 'Add to Cart',
  fields: [
    { id: 'name', type: 'text', title: 'Name to paint', description: '', required: true, placeholder: 'e.g. Ada' },
    { id: 'colour', type: 'select', title: 'Paint colour', description: '', required: true, options: ['Cobalt', 'Iron red', 'Black'] },
    { id: 'note', type: 'textarea', title: 'Anything else?', description: '', required: false, placeholder: '', maxLength: 500 },
  ],
}

export const BENCH_PRODUCTS = { many: 'bench-10000-variants', one: 'bench-one-variant' } as const

type V = ProductCreateInput['variants'][number]
const v = (sku: string, priceCents: number, qtyInStock: number, extra: Partial<V> = {}): V => ({ sku, attributes: {}, priceCents, qtyInStock, ...extra })

/** The 10,000-variant matrix (100 x 100), unlimited stock. */
export function benchVariants(): V[] {
  const out: V[] = []
  for (let a = 0; a < 100; a++) for (let b = 0; b < 100; b++) out.push(v(`BENCH-${a}-${b}`, 1000 + a, 0, { unlimited: true, attributes: { Row: `R${a}`, Column: `C${b}` } }))
  return out
}

export async function seedDemoStore(siteId: string, collectionId: string, d: DemoStoreDeps): Promise<'seeded' | 'exists'> {
  const c = d.commerce
  if ((await c.countProducts(siteId, collectionId)) > 0) return 'exists'
  const image = async (name: string, shape: ProductShape, bg: string, ink: string, alt: string): Promise<string[]> => {
    if (!d.storeFile) return []
    try {
      return [(await d.storeFile(siteId, `${name}.jpg`, await productImage(shape, bg, ink), { altText: alt, title: alt })).id]
    } catch (e) {
      d.log?.warn({ err: e }, `demo product image ${name} not stored`)
      return []
    }
  }
  const nameForm = async (): Promise<Pick<ProductCreateInput, 'additionalFieldsFormId' | 'additionalFieldsForm'>> => {
    if (d.createForm) {
      try {
        return { additionalFieldsFormId: await d.createForm(siteId, NAME_PLATE_FORM) }
      } catch (e) {
        d.log?.warn({ err: e }, 'demo personalisation form not created')
      }
    }
    return { additionalFieldsForm: { ...NAME_PLATE_FORM } }
  }
  let ebookUrl: string | null = null
  if (d.storeFile) {
    try {
      ebookUrl = (await d.storeFile(siteId, 'glaze-recipes.pdf', tinyPdf('Twelve glaze recipes from the studio'), { altText: '', title: 'Glaze recipes' })).assetUrl
    } catch (e) {
      d.log?.warn({ err: e }, 'demo e-book file not stored')
    }
  }
  const products: ProductCreateInput[] = [
    {
      collectionId, urlId: 'stoneware-mug', title: 'Stoneware mug', productType: 1,
      description: 'Thrown on the wheel and wood-fired. Every mug is a little different.\n\nDishwasher safe.',
      excerpt: 'Our everyday mug in two sizes and two glazes.',
      imageIds: await image('mug', 'mug', '#efe9e1', '#8a7f72', 'A stoneware mug'),
      variantOptions: [{ name: 'Size', values: ['Small', 'Large'] }, { name: 'Colour', values: ['Ash', 'Celadon'] }],
      variants: [
        v('MUG-S-ASH', 2800, 12, { attributes: { Size: 'Small', Colour: 'Ash' } }),
        v('MUG-S-CEL', 2800, 6, { attributes: { Size: 'Small', Colour: 'Celadon' } }),
        v('MUG-L-ASH', 3200, 4, { attributes: { Size: 'Large', Colour: 'Ash' } }),
        v('MUG-L-CEL', 3200, 0, { attributes: { Size: 'Large', Colour: 'Celadon' } }),
      ],
    },
    { collectionId, urlId: 'moon-jar', title: 'Moon jar', productType: 1, description: 'A large jar from the spring firing.', imageIds: await image('jar', 'jar', '#e6ecef', '#c9ccc4', 'A round moon jar'), variants: [v('JAR-1', 24000, 0)] },
    { collectionId, urlId: 'seconds-bowl', title: 'Seconds bowl', productType: 1, description: 'Small glaze flaws, same bowl.', imageIds: await image('bowl', 'bowl', '#f3efe6', '#6f8b7a', 'A shallow bowl'), variants: [v('BOWL-2ND', 4000, 15, { salePriceCents: 2900, onSale: true })] },
    {
      collectionId, urlId: 'serving-platter', title: 'Serving platter', productType: 1, description: 'An oval platter for the middle of the table.',
      imageIds: await image('platter', 'platter', '#ece6de', '#a4683f', 'An oval platter'),
      variantOptions: [{ name: 'Size', values: ['Medium', 'Large'] }],
      variants: [v('PLATTER-M', 6000, 5, { attributes: { Size: 'Medium' } }), v('PLATTER-L', 8500, 3, { attributes: { Size: 'Large' } })],
    },
    { collectionId, urlId: 'glaze-recipes-ebook', title: 'Glaze recipes (e-book)', productType: 2, description: 'Twelve tested glaze recipes as a PDF, with firing notes.', digitalAssetUrl: ebookUrl, imageIds: await image('ebook', 'book', '#f1ede4', '#35506b', 'The e-book cover'), variants: [v('EBOOK-GLAZE', 1200, 0)] },
    { collectionId, urlId: 'wheel-workshop', title: 'Wheel-throwing workshop', productType: 3, description: 'Three hours at the wheel with clay, tools and one firing included.', imageIds: await image('workshop', 'wheel', '#ebe4da', '#7a5c43', 'A potter’s wheel'), variants: [v('WORKSHOP-3H', 9500, 8)] },
    {
      collectionId, urlId: 'gift-card', title: 'Studio gift card', productType: 4, description: 'Spend it on anything in the shop or on a workshop.',
      imageIds: await image('gift-card', 'card', '#efe7dc', '#b5573b', 'A gift card'),
      variantOptions: [{ name: 'Amount', values: ['$25', '$50', '$100'] }],
      variants: [v('GIFT-25', 2500, 0, { attributes: { Amount: '$25' } }), v('GIFT-50', 5000, 0, { attributes: { Amount: '$50' } }), v('GIFT-100', 10000, 0, { attributes: { Amount: '$100' } })],
    },
    {
      collectionId, urlId: 'mug-club', title: 'Mug club (monthly)', productType: 1, description: 'A new mug from each firing, every month for a year.',
      imageIds: await image('mug-club', 'box', '#e9efe9', '#5d7a64', 'A parcel'),
      isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      variants: [v('MUG-CLUB', 3000, 100)],
    },
    {
      collectionId, urlId: 'name-plate', title: 'Personalised name plate', productType: 1, description: 'A small plate painted with the name you choose.',
      imageIds: await image('name-plate', 'plate', '#f4eee4', '#3f6f8f', 'A painted plate'),
      useCustomAddButtonText: true, customAddButtonText: 'Personalise',
      ...(await nameForm()),
      variants: [v('NAME-PLATE', 3500, 20)],
    },
  ]
  const ids = new Map<string, string>()
  for (const p of products) ids.set(p.urlId ?? '', (await c.createProduct(siteId, p)).id)
  await d.seedReviews?.(siteId, ids).catch((e: unknown) => d.log?.warn({ err: e }, 'demo reviews were not created'))
  await c.addShippingOption(siteId, { name: 'Standard shipping', kind: 'flat', costCents: 600 })
  // the hint the shop has always given is an automatic promotion: the chosen shipping is free from $100 of goods
  await c.addPromotion(siteId, { name: 'Free shipping over $100', kind: 'free_shipping', minSubtotalCents: 10000 })
  // the studio's own state (12 Quay Street, Portland, ME) charges its sales tax, 5.5%
  await c.addTaxRule(siteId, { name: 'Maine sales tax', country: 'US', region: 'ME', rateBp: 550 })
  await c.addTaxRule(siteId, { name: 'New York sales tax', country: 'US', region: 'NY', rateBp: 888 })
  await c.addTaxRule(siteId, { name: 'VAT', country: 'GB', rateBp: 2000 })
  await c.addCoupon(siteId, { code: 'WELCOME10', kind: 'percentage', amount: 10 })
  return 'seeded'
}

/** The two hidden benchmark products (10,000 variants in a 100 x 100 matrix, and one variant); once per site (SKUs are unique). */
export async function seedBenchProducts(commerce: Commerce, siteId: string, collectionId: string): Promise<{ many: string; one: string }> {
  const axis = (prefix: string) => Array.from({ length: 100 }, (_, i) => `${prefix}${i}`)
  const many = await commerce.createProduct(siteId, {
    collectionId, urlId: BENCH_PRODUCTS.many, title: 'Benchmark: 10,000 variants', productType: 1, status: 'hidden',
    variantOptions: [{ name: 'Row', values: axis('R') }, { name: 'Column', values: axis('C') }], variants: benchVariants(),
  })
  const one = await commerce.createProduct(siteId, { collectionId, urlId: BENCH_PRODUCTS.one, title: 'Benchmark: one variant', productType: 1, status: 'hidden', variants: [v('BENCH-ONE', 1000, 0, { unlimited: true })] })
  return { many: many.id, one: one.id }
}
