// A recovery link restores the cart: a new cart (its own token, for the browser that followed the link) with the
// same entries (items, variants, quantities, additional fields), the same coupon codes and the owner's recovery
// coupon, if one is set and still valid. The checkout then follows the new cart (an order placed from it recovers
// the checkout). The original cart is left as it was: the shopper's other browser keeps it.
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { newId } from '../../../platform/ids.js'
import { createCart, MAX_COUPONS } from '../cart/service.js'
import { abandonedCheckouts, cartEntries, carts, coupons } from '../schema.js'
import { checkoutById, getRecoverySettings } from './store.js'

/** The new cart's token, or null when the checkout is over (ordered) or its cart is gone. */
export async function restoreCheckoutCart(orm: Orm, siteId: string, checkoutId: string, now: Date): Promise<string | null> {
  const row = await checkoutById(orm, siteId, checkoutId)
  if (!row || row.status !== 'open') return null
  const [from] = await orm.select().from(carts).where(and(eq(carts.siteId, siteId), eq(carts.id, row.restoredCartId ?? row.cartId)))
  if (!from || from.isPurchased) return null
  const entries = await orm.select().from(cartEntries).where(and(eq(cartEntries.siteId, siteId), eq(cartEntries.cartId, from.id)))
  if (entries.length === 0) return null
  const { couponCode } = await getRecoverySettings(orm, siteId)
  const codes = [...from.couponCodes]
  if (couponCode && !codes.includes(couponCode) && codes.length < MAX_COUPONS) {
    const [c] = await orm.select().from(coupons).where(and(eq(coupons.siteId, siteId), eq(coupons.code, couponCode)))
    if (c?.active && !(c.startsAt && now < c.startsAt) && !(c.endsAt && now >= c.endsAt)) codes.push(couponCode)
  }
  return orm.transaction(async (tx) => {
    const { cart, token } = await createCart(tx, siteId)
    await tx.update(carts).set({ couponCodes: codes, shippingLocation: from.shippingLocation, selectedShippingOption: from.selectedShippingOption }).where(eq(carts.id, cart.id))
    await tx.insert(cartEntries).values(
      [...entries]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((e, i) => ({ id: newId(), siteId, cartId: cart.id, productId: e.productId, variantId: e.variantId, quantity: e.quantity, additionalFields: e.additionalFields, createdAt: new Date(now.getTime() + i) })),
    )
    await tx.update(abandonedCheckouts).set({ restoredCartId: cart.id, updatedAt: now }).where(eq(abandonedCheckouts.id, row.id))
    return token
  })
}
