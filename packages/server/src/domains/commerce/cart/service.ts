// Cart mutations: carts are found by the hash of their token (cookie sw_cart, or a subscription cartToken) and
// always within the site of the request.
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { namedRows, sqlRows, type Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { refuseBadText } from '../../../platform/http/edge.js'
import { newId, newToken, sha256Hex } from '../../../platform/ids.js'
import { getProduct, variantBySku } from '../catalogue/service.js'
import { MSG, QUANTITY_MAX, QUANTITY_MIN, quantityRangeMessage, readQuantity, selectOptionsMessage } from '../shared/messages.js'
import { cartEntries, carts, coupons, products, variants as cartVariants, type CartRow, type ProductRow, type VariantRow } from '../schema.js'
import { getSettings, type StoreSettings } from '../settings.js'
import { PRODUCT_TYPES } from '../validators.js'

export const MAX_COUPONS = 5
const MAX_FIELDS_TEXT = 20_000

const invalid = (message: string, code = 'invalid_cart_request'): never => {
  throw new AppError('invalid_data', code, message)
}

export async function cartByToken(orm: Orm, siteId: string, token: string | undefined, kind: 'cart' | 'subscription' = 'cart'): Promise<CartRow | null> {
  if (!token || token.length > 200) return null
  const [row] = await orm
    .select()
    .from(carts)
    .where(and(eq(carts.siteId, siteId), eq(carts.tokenHash, sha256Hex(token)), eq(carts.kind, kind)))
  return row ?? null
}

/** The cart a checkout buys: the subscription cart of `cartToken` when one is given, else the visitor's cart (cookie). */
export function checkoutCart(orm: Orm, siteId: string, cookieToken: string | undefined, cartToken?: string): Promise<CartRow | null> {
  return cartToken ? cartByToken(orm, siteId, cartToken, 'subscription') : cartByToken(orm, siteId, cookieToken)
}

export async function createCart(orm: Orm, siteId: string, kind: 'cart' | 'subscription' = 'cart'): Promise<{ cart: CartRow; token: string }> {
  const token = newToken()
  const [cart] = await orm.insert(carts).values({ id: newId(), siteId, tokenHash: sha256Hex(token), kind }).returning()
  return { cart: cart!, token }
}

/** additionalFields: the JSON text of an object, or null. */
export function parseAdditionalFields(input: unknown): Record<string, unknown> | null {
  if (input === null || input === undefined || input === '') return null
  if (typeof input !== 'string') return invalid('additionalFields must be the JSON text of an object, or null.')
  if (input.length > MAX_FIELDS_TEXT) return invalid('The additional fields are too long.')
  let parsed: unknown
  try {
    parsed = JSON.parse(input)
  } catch {
    return invalid('additionalFields must be the JSON text of an object, or null.')
  }
  if (parsed === null) return null
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return invalid('additionalFields must be the JSON text of an object, or null.')
  refuseBadText(parsed, 'additional fields', 'additionalFields')
  return parsed as Record<string, unknown>
}

export interface Chosen {
  product: ProductRow
  variant: VariantRow
  quantity: number
}

/**
 * The product of the site by id with its variant of `sku` (`variant` null: the product has no such variant), as one
 * prepared statement per database handle: built once (Drizzle's query building cost more CPU than the query) and,
 * on PostgreSQL, parsed and planned once per connection.
 */
const productWithSkuQueries = new WeakMap<Orm, ReturnType<typeof prepareProductWithSku>>()

function prepareProductWithSku(orm: Orm) {
  const site = sql.placeholder('siteId')
  return orm
    .select({ product: products, variant: cartVariants })
    .from(products)
    .leftJoin(cartVariants, and(eq(cartVariants.siteId, site), eq(cartVariants.sku, sql.placeholder('sku')), eq(cartVariants.productId, products.id)))
    .where(and(eq(products.siteId, site), eq(products.id, sql.placeholder('itemId'))))
    .limit(1)
    .prepare('commerce_product_with_sku')
}

export interface ProductWithSku {
  product: ProductRow
  /** null: the product has no variant of that sku. */
  variant: VariantRow | null
}

async function productWithSku(orm: Orm, siteId: string, itemId: string, sku: string): Promise<ProductWithSku | undefined> {
  let query = productWithSkuQueries.get(orm)
  if (!query) productWithSkuQueries.set(orm, (query = prepareProductWithSku(orm)))
  const [row] = await query.execute({ siteId, itemId, sku })
  return row
}

/**
 * Resolves item + sku + quantity as add-to-cart does, with the spec's messages. `settings` reads the store settings
 * (a cached copy on the visitor path); default: the database. `found`: the product and sku's variant when the
 * caller read them already (`openPlainCart`; null: it found no such product).
 */
export async function chooseVariant(
  orm: Orm,
  siteId: string,
  input: { itemId: string; sku?: string | null | undefined; quantity?: unknown },
  settings: (siteId: string) => Promise<Pick<StoreSettings, 'multipleQuantityAllowedForServices'>> = (id) => getSettings(orm, id),
  found?: ProductWithSku | null,
): Promise<Chosen> {
  // with a sku the product and its variant come in one query (or were read; null: no such product); the checks
  // below keep their order either way
  const withSku = input.sku ? (found !== undefined ? (found ?? undefined) : await productWithSku(orm, siteId, input.itemId, input.sku)) : undefined
  const product = input.sku ? withSku?.product : await getProduct(orm, siteId, input.itemId)
  if (!product || product.status === 'draft') throw new AppError('not_found', 'item_not_found', 'Sorry, that item is unavailable.')
  const quantity = readQuantity(input.quantity, (m) => invalid(m, 'invalid_quantity'))
  if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) invalid(quantityRangeMessage, 'invalid_quantity')
  let variant: VariantRow | undefined
  if (input.sku) {
    variant = withSku?.variant ?? undefined
    if (!variant || variant.productId !== product.id) invalid(MSG.variantUnavailable, 'variant_unavailable')
  } else {
    if (product.productType === PRODUCT_TYPES.GIFT_CARD) invalid(MSG.giftCardDenomination, 'denomination_required')
    if (product.variantOptions.length > 0) invalid(selectOptionsMessage(product.variantOptions.map((o) => o.name)), 'options_required')
    const [only, second] = await orm.select().from(cartVariants).where(eq(cartVariants.productId, product.id)).limit(2)
    if (!only || second) invalid(MSG.variantUnavailable, 'variant_unavailable')
    variant = only
  }
  if (product.productType === PRODUCT_TYPES.SERVICE && quantity > 1) {
    const { multipleQuantityAllowedForServices } = await settings(siteId)
    if (!multipleQuantityAllowedForServices) invalid('Only one of this service can be bought at a time.', 'invalid_quantity')
  }
  return { product, variant: variant!, quantity }
}

/** In the cart already: units of this variant. */
async function unitsInCart(orm: Orm, cartId: string, variantId: string): Promise<number> {
  const [row] = await orm
    .select({ n: sql<number>`coalesce(sum(${cartEntries.quantity}), 0)::int` })
    .from(cartEntries)
    .where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.variantId, variantId)))
  return row?.n ?? 0
}

function checkStock(variant: VariantRow, wanted: number): void {
  if (!variant.unlimited && wanted > variant.qtyInStock) throw new AppError('conflict', 'insufficient_stock', MSG.notEnoughStock)
}

/** A subscription item goes in a subscription cart only. */
function checkKind(cart: Pick<CartRow, 'kind'>, chosen: Chosen): void {
  if (chosen.product.isSubscribable && cart.kind === 'cart') {
    invalid('This item is a subscription: use Subscribe on its page.', 'subscription_item')
  }
}

/** Stock and the quantity limit of the units an add leaves in the cart (`already`: units of the variant in it now). */
function checkUnits(chosen: Chosen, already: number): void {
  checkStock(chosen.variant, already + chosen.quantity)
  if (already + chosen.quantity > QUANTITY_MAX) invalid(quantityRangeMessage, 'invalid_quantity')
}

/**
 * Opens a visitor cart holding one entry (a visitor's first add): checked as `addEntry` checks a new cart, then
 * the cart and its entry are inserted by one statement (atomic without a transaction; nothing read back but the
 * cart row it made). It commits as every write does (the server's synchronous_commit): a cart acknowledged to the
 * visitor survives a crash of the database server too.
 */
export async function openCartWith(
  orm: Orm,
  siteId: string,
  chosen: Chosen,
  additionalFields: Record<string, unknown> | null,
): Promise<{ cart: CartRow; token: string; entryId: string; additionalFields: Record<string, unknown> | null }> {
  checkKind({ kind: 'cart' }, chosen)
  checkUnits(chosen, 0)
  const token = newToken()
  const cartId = newId()
  const entryId = newId()
  const fields = additionalFields === null ? null : JSON.stringify(additionalFields)
  const [row] = await sqlRows<CartSqlRow>(
    orm,
    sql`WITH c AS (
          INSERT INTO ${carts} (id, site_id, token_hash, kind) VALUES (${cartId}, ${siteId}, ${sha256Hex(token)}, 'cart') RETURNING *
        ), e AS (
          INSERT INTO ${cartEntries} (id, site_id, cart_id, product_id, variant_id, quantity, additional_fields)
          SELECT ${entryId}, ${siteId}, c.id, ${chosen.product.id}, ${chosen.variant.id}, ${chosen.quantity}, ${fields}::jsonb FROM c
          RETURNING additional_fields
        )
        SELECT c.*, (SELECT additional_fields FROM e) AS entry_fields FROM c`,
  )
  // the answers as stored (jsonb orders keys its own way), as a later read of the cart shows them
  return { cart: cartOfSqlRow(row!), token, entryId, additionalFields: row!.entry_fields }
}

/**
 * A visitor's first add in one statement, when it is a plain one: it reads the product and the sku's variant and,
 * only when every check an add makes is sure to pass (a product that is not a draft, the sku's variant of it, not a
 * subscription, no additional-fields form, the stock, a service's single unit), opens the cart with the entry as
 * `openCartWith` does (the same write). `found` is what it read either way
 * (undefined: no such product); `opened` null: nothing was written, the caller makes its checks (which then refuse
 * the add with the spec's message, or pass and open the cart with `openCartWith`). Only for a valid `quantity` and no
 * additional-fields answers.
 */
export async function openPlainCart(
  orm: Orm,
  siteId: string,
  input: { itemId: string; sku: string; quantity: number },
): Promise<{ found: ProductWithSku | undefined; opened: { cart: CartRow; token: string; entryId: string } | null }> {
  const token = newToken()
  const cartId = newId()
  const entryId = newId()
  const q = input.quantity
  const [row] = await namedRows<{ p: Record<string, unknown>; v: Record<string, unknown> | null; cart: Record<string, unknown> | null }>(
    orm,
    'commerce_open_plain_cart',
    sql`WITH pv AS (
          SELECT to_jsonb(p) AS p, to_jsonb(v) AS v, v.id AS variant_id,
                 (p.status <> 'draft' AND v.id IS NOT NULL AND NOT p.is_subscribable
                  AND p.additional_fields_form_id IS NULL AND p.additional_fields_form IS NULL
                  AND (v.unlimited OR v.qty_in_stock >= ${q}) AND (p.product_type <> ${PRODUCT_TYPES.SERVICE} OR ${q} = 1)) AS plain
          FROM ${products} p
          LEFT JOIN ${cartVariants} v ON v.site_id = ${siteId} AND v.sku = ${input.sku} AND v.product_id = p.id
          WHERE p.site_id = ${siteId} AND p.id = ${input.itemId}
          LIMIT 1
        ), c AS (
          INSERT INTO ${carts} (id, site_id, token_hash, kind) SELECT ${cartId}, ${siteId}, ${sha256Hex(token)}, 'cart' FROM pv WHERE plain RETURNING *
        ), e AS (
          INSERT INTO ${cartEntries} (id, site_id, cart_id, product_id, variant_id, quantity, additional_fields)
          SELECT ${entryId}, ${siteId}, c.id, ${input.itemId}, pv.variant_id, ${q}, NULL FROM c, pv
        )
        SELECT pv.p, pv.v, to_jsonb(c) AS cart FROM pv LEFT JOIN c ON true`,
  )
  if (!row) return { found: undefined, opened: null }
  const found = { product: rowFromJson(products, row.p), variant: row.v ? rowFromJson(cartVariants, row.v) : null }
  return { found, opened: row.cart ? { cart: rowFromJson(carts, row.cart), token, entryId } : null }
}

/** A row of `table` from its to_jsonb() form (one statement answering rows of several tables), mapped as Drizzle maps it. */
function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = tableColumns.get(table)
  if (!columns) tableColumns.set(table, (columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }))))
  const out: Record<string, unknown> = {}
  for (const { key, name, column } of columns) {
    const value = json[name]
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return out as T['$inferSelect']
}
const tableColumns = new WeakMap<PgTable, { key: string; name: string; column: ReturnType<typeof getTableColumns>[string] }[]>()

/** A commerce_carts row as raw SQL answers it (snake_case; timestamps as Date or text by driver). */
interface CartSqlRow {
  id: string
  site_id: string
  token_hash: string
  kind: 'cart' | 'subscription'
  order_id: string | null
  is_purchased: boolean
  shipping_location: CartRow['shippingLocation']
  selected_shipping_option: string | null
  coupon_codes: string[]
  created_at: Date | string
  updated_at: Date | string
  entry_fields: Record<string, unknown> | null
}

function cartOfSqlRow(r: CartSqlRow): CartRow {
  return {
    id: r.id,
    siteId: r.site_id,
    tokenHash: r.token_hash,
    kind: r.kind,
    orderId: r.order_id,
    isPurchased: r.is_purchased,
    shippingLocation: r.shipping_location,
    selectedShippingOption: r.selected_shipping_option,
    couponCodes: r.coupon_codes,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }
}

/** Adds an entry (or more units to the same variant's entry without additional fields). */
export async function addEntry(
  orm: Orm,
  siteId: string,
  cart: CartRow,
  chosen: Chosen,
  additionalFields: Record<string, unknown> | null,
  opts: { freshCart?: boolean } = {},
): Promise<{ entryId: string; newlyAdded: boolean }> {
  checkKind(cart, chosen)
  const fresh = opts.freshCart === true // a cart created for this request holds nothing yet
  const already = fresh ? 0 : await unitsInCart(orm, cart.id, chosen.variant.id)
  checkUnits(chosen, already)
  if (additionalFields === null && already > 0) {
    const [merged] = await orm
      .update(cartEntries)
      .set({ quantity: sql`${cartEntries.quantity} + ${chosen.quantity}` })
      .where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.variantId, chosen.variant.id), sql`${cartEntries.additionalFields} IS NULL`))
      .returning({ id: cartEntries.id })
    if (merged) {
      await touch(orm, cart.id)
      return { entryId: merged.id, newlyAdded: false }
    }
  }
  const id = newId()
  await orm.insert(cartEntries).values({
    id,
    siteId,
    cartId: cart.id,
    productId: chosen.product.id,
    variantId: chosen.variant.id,
    quantity: chosen.quantity,
    additionalFields,
  })
  if (!fresh) await touch(orm, cart.id)
  return { entryId: id, newlyAdded: true }
}

async function touch(orm: Orm, cartId: string): Promise<void> {
  await orm.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId))
}

async function requireEntry(orm: Orm, siteId: string, cart: CartRow | null, entryId: string) {
  const [entry] = cart
    ? await orm.select().from(cartEntries).where(and(eq(cartEntries.siteId, siteId), eq(cartEntries.cartId, cart.id), eq(cartEntries.id, entryId)))
    : []
  if (!entry) throw new AppError('not_found', 'entry_not_found', 'That item is no longer in your cart.')
  return entry
}

export type FieldsChecker = (product: ProductRow, values: Record<string, unknown> | null) => Promise<Record<string, unknown> | null>

/** Replaces an entry's additional fields, after `check` has validated them against the entry's product. */
export async function setAdditionalFields(
  orm: Orm,
  siteId: string,
  cart: CartRow | null,
  entryId: string,
  input: { itemId?: string | undefined; sku?: string | undefined; additionalFields: Record<string, unknown> | null },
  check: FieldsChecker,
): Promise<void> {
  const entry = await requireEntry(orm, siteId, cart, entryId)
  if (input.itemId && input.itemId !== entry.productId) invalid(MSG.variantUnavailable, 'variant_unavailable')
  if (input.sku) {
    const v = await variantBySku(orm, siteId, input.sku)
    if (!v || v.id !== entry.variantId) invalid(MSG.variantUnavailable, 'variant_unavailable')
  }
  const product = await getProduct(orm, siteId, entry.productId)
  if (!product) invalid(MSG.variantUnavailable, 'variant_unavailable')
  const additionalFields = await check(product!, input.additionalFields)
  await orm.update(cartEntries).set({ additionalFields }).where(eq(cartEntries.id, entry.id))
}

export async function setQuantity(orm: Orm, siteId: string, cart: CartRow | null, entryId: string, rawQuantity: unknown): Promise<void> {
  const entry = await requireEntry(orm, siteId, cart, entryId)
  const quantity = readQuantity(rawQuantity, (m) => invalid(m, 'invalid_quantity'))
  if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) invalid(quantityRangeMessage, 'invalid_quantity')
  const [variant] = await orm.select().from(cartVariants).where(eq(cartVariants.id, entry.variantId))
  const others = (await unitsInCart(orm, entry.cartId, entry.variantId)) - entry.quantity
  checkStock(variant!, others + quantity)
  await orm.update(cartEntries).set({ quantity }).where(eq(cartEntries.id, entry.id))
}

export async function removeEntry(orm: Orm, siteId: string, cart: CartRow | null, entryId: string): Promise<void> {
  const entry = await requireEntry(orm, siteId, cart, entryId)
  await orm.delete(cartEntries).where(eq(cartEntries.id, entry.id))
}

export async function applyCoupon(orm: Orm, siteId: string, cart: CartRow, rawCode: string): Promise<void> {
  const code = rawCode.trim().toUpperCase()
  const [c] = await orm.select().from(coupons).where(and(eq(coupons.siteId, siteId), eq(coupons.code, code)))
  if (!c || !c.active) throw new AppError('not_found', 'coupon_not_found', 'This coupon does not exist.')
  const now = new Date()
  if ((c.startsAt && now < c.startsAt) || (c.endsAt && now >= c.endsAt)) invalid('This coupon is not valid now.', 'coupon_invalid')
  if (cart.couponCodes.includes(code)) return
  if (cart.couponCodes.length >= MAX_COUPONS) invalid(`At most ${MAX_COUPONS} coupons can be used on one order.`, 'too_many_coupons')
  await orm.update(carts).set({ couponCodes: [...cart.couponCodes, code], updatedAt: now }).where(eq(carts.id, cart.id))
}

export async function removeCoupon(orm: Orm, cart: CartRow, rawCode: string): Promise<void> {
  const code = rawCode.trim().toUpperCase()
  await orm.update(carts).set({ couponCodes: cart.couponCodes.filter((c) => c !== code), updatedAt: new Date() }).where(eq(carts.id, cart.id))
}

export async function setShipping(
  orm: Orm,
  cart: CartRow,
  input: { location?: { country: string; region?: string | undefined; postalCode?: string | undefined } | null | undefined; optionId?: string | null | undefined },
): Promise<void> {
  const set: Partial<typeof carts.$inferInsert> = { updatedAt: new Date() }
  if (input.location !== undefined) set.shippingLocation = input.location
  if (input.optionId !== undefined) set.selectedShippingOption = input.optionId
  await orm.update(carts).set(set).where(eq(carts.id, cart.id))
}
