// Commerce formatters: product price, buttons, variant selectors, stock messaging, cart snippets and money.
// Markup lives in JSON-T sub-templates (commerce/templates); the rules in commerce/*.ts and commerce/views/*.ts.
import type { CurrencyType } from '@phensley/cldr'
import {
  formatLegacyMoney, fromMinorUnits, moneyMarkup, parseDecimal, readMoney, toMinorUnits, usesCldrMoney, DEFAULT_CURRENCY,
  type Money,
} from './commerce/money.js'
import { fromPrice, normalPrice, salePrice } from './commerce/prices.js'
import { ADD_TO_CART_BUTTON } from './commerce/templates/add-to-cart-button.js'
import { RESTOCK_NOTIFICATION, SCARCITY } from './commerce/templates/merchandising.js'
import { CART_QUANTITY, PRODUCT_CHECKOUT, QUICK_VIEW } from './commerce/templates/misc.js'
import { PRODUCT_PRICE, SUBSCRIPTION_PRICE } from './commerce/templates/product-price.js'
import { PRODUCT_STATUS } from './commerce/templates/product-status.js'
import { QUANTITY_INPUT } from './commerce/templates/quantity-input.js'
import { VARIANTS_SELECT } from './commerce/templates/variants-select.js'
import {
  asArray, dig, escapeAttr, escapeHtml, localized, toNumber, toText, type Lookup,
} from './commerce/values.js'
import { addToCartView } from './commerce/views/button.js'
import { restockViews, scarcityViews, statusView } from './commerce/views/merchandising.js'
import { productPriceView, subscriptionPriceView, type PriceEnv } from './commerce/views/price.js'
import { quantityView } from './commerce/views/quantity.js'
import { variantsView } from './commerce/views/variants.js'
import type { Formatter, FormatterTable, PluginContext } from './types.js'

export const CART_URL = '/cart'
export const CART_SUBTOTAL_TEXT = 'deprecated, do not use'

/** The context's resolver as a free function (PluginContext methods need their receiver). */
function lookup(ctx: PluginContext): Lookup {
  return (path) => ctx.resolve(path)
}

function priceEnv(ctx: PluginContext): PriceEnv {
  return { lookup: lookup(ctx), cldr: () => ctx.cldr() }
}

/** A formatter that replaces the node with `render(node, ctx)`. */
function replace(render: (node: unknown, ctx: PluginContext) => unknown): Formatter {
  return (vars, _args, ctx) => {
    const v = vars[0]
    if (v) v.value = render(v.value, ctx)
  }
}

function addToCartButton(item: unknown, ctx: PluginContext): string {
  return ctx.renderSource(ADD_TO_CART_BUTTON, addToCartView(item, lookup(ctx)))
}

function variantsSelect(item: unknown, ctx: PluginContext): string {
  const view = variantsView(item, lookup(ctx))
  return view ? ctx.renderSource(VARIANTS_SELECT, view) : ''
}

function quantityInput(item: unknown, ctx: PluginContext): string {
  const view = quantityView(item, lookup(ctx))
  return view ? ctx.renderSource(QUANTITY_INPUT, view) : ''
}

/** An amount given as minor units (a number or numeric string) or as a Money object; 0 otherwise. */
function amountOf(value: unknown, currency: string | undefined): Money {
  return readMoney(value) ?? fromMinorUnits(typeof value === 'number' || typeof value === 'string' ? value : 0, currency)
}

/** The amount to print, or undefined for a missing or non-numeric value (the money formatters then print ''). */
function amountOrNothing(value: unknown, currency: string | undefined): Money | undefined {
  const money = readMoney(value)
  if (money) return money
  return typeof value === 'number' || typeof value === 'string' ? parsedMinorUnits(value, currency) : undefined
}

function parsedMinorUnits(value: number | string, currency: string | undefined): Money | undefined {
  return parseDecimal(value) === undefined ? undefined : fromMinorUnits(value, currency)
}

function currencyArg(args: readonly string[]): string | undefined {
  const a = args[0]
  return a !== undefined && /^[A-Za-z]{3}$/.test(a) ? a.toUpperCase() : undefined
}

const legacyMoneyFormat: Formatter = (vars, args) => {
  const v = vars[0]
  if (!v) return
  const m = amountOrNothing(v.value, currencyArg(args))
  v.value = m ? formatLegacyMoney(m) : ''
}

export const COMMERCE_FORMATTERS: FormatterTable = {
  'add-to-cart-btn': replace(addToCartButton),
  'product-price': replace((item, ctx) => ctx.renderSource(PRODUCT_PRICE, productPriceView(item, priceEnv(ctx)))),
  'subscription-price': replace((item, ctx) => ctx.renderSource(SUBSCRIPTION_PRICE, subscriptionPriceView(item, priceEnv(ctx)))),
  'from-price': replace((item) => toMinorUnits(fromPrice(item))),
  'normal-price': replace((item) => toMinorUnits(normalPrice(item))),
  'sale-price': replace((item) => toMinorUnits(salePrice(item))),
  'variants-select': replace(variantsSelect),
  'quantity-input': replace(quantityInput),
  'product-checkout': replace((item, ctx) =>
    ctx.renderSource(PRODUCT_CHECKOUT, {
      variants: variantsSelect(item, ctx),
      quantity: quantityInput(item, ctx),
      button: addToCartButton(item, ctx),
    }),
  ),
  'product-restock-notification': replace((item, ctx) => {
    const views = restockViews(item, lookup(ctx))
    return views.length ? ctx.renderSource(RESTOCK_NOTIFICATION, { views }) : ''
  }),
  'product-scarcity': replace((item, ctx) => {
    const views = scarcityViews(item, lookup(ctx))
    return views.length ? ctx.renderSource(SCARCITY, { views }) : ''
  }),
  'product-status': replace((item, ctx) => ctx.renderSource(PRODUCT_STATUS, statusView(item, lookup(ctx)))),
  'product-quick-view': (vars, args, ctx) => {
    const v = vars[0]
    if (!v) return
    const arg = args[0]
    const resolved = arg === undefined ? '' : ctx.resolve(arg)
    const group = arg === undefined ? '' : resolved === undefined ? arg : toText(resolved)
    v.value = ctx.renderSource(QUICK_VIEW, {
      idAttr: escapeAttr(toText(dig(v.value, 'id'))),
      groupAttr: escapeAttr(group),
      textHtml: escapeHtml(localized(lookup(ctx), 'productQuickViewText', 'Quick View')),
    })
  },
  'variant-descriptor': replace((variant) =>
    escapeHtml(
      asArray(dig(variant, 'optionValues'))
        .map((o) => toText(dig(o, 'value')))
        .join(' / '),
    ),
  ),
  'cart-quantity': replace((cart, ctx) => {
    const quantity = asArray(dig(cart, 'entries')).reduce<number>((n, e) => n + toNumber(dig(e, 'quantity')), 0)
    return ctx.renderSource(CART_QUANTITY, { quantity })
  }),
  'cart-subtotal': replace(() => CART_SUBTOTAL_TEXT),
  'cart-url': replace(() => CART_URL),
  'money-format': legacyMoneyFormat,
  moneyFormat: legacyMoneyFormat,
  'money-string': (vars, args, ctx) => {
    const v = vars[0]
    if (!v) return
    const m = amountOrNothing(v.value, currencyArg(args))
    v.value = m ? moneyMarkup(m, ctx.cldr(), usesCldrMoney(lookup(ctx))) : ''
  },
  'bookkeeper-money-format': (vars, args, ctx) => {
    const v = vars[0]
    if (!v) return
    const cldr = ctx.cldr()
    const m = amountOf(v.value, currencyArg(args) ?? DEFAULT_CURRENCY)
    v.value = cldr ? cldr.Numbers.formatCurrency(m.amount, m.currency as CurrencyType) : ''
  },
  'percentage-format': (vars, args, ctx) => {
    const v = vars[0]
    if (!v) return
    const cldr = ctx.cldr()
    const n = toNumber(v.value)
    v.value = cldr
      ? cldr.Numbers.formatDecimal(n, { minimumFractionDigits: args.includes('trim') ? 0 : 2, maximumFractionDigits: 2 })
      : ''
  },
}
