// Commerce predicates: product display status and list size.
import { hasVariedPrices } from './commerce/prices.js'
import { hasVariants, isOnSale, isSoldOut } from './commerce/product.js'
import type { PredicateTable } from './types.js'

export const COMMERCE_PREDICATES: PredicateTable = {
  'sold-out?': (_args, ctx) => isSoldOut(ctx.node()),
  'on-sale?': (_args, ctx) => isOnSale(ctx.node()),
  'varied-prices?': (_args, ctx) => hasVariedPrices(ctx.node()),
  'has-variants?': (_args, ctx) => hasVariants(ctx.node()),
  'has-multiple?': (_args, ctx) => {
    const node = ctx.node()
    return Array.isArray(node) && node.length > 1
  },
}
