// Page data of the gift-card page ('Gift cards go to a gift-card page with item and denomination'): the
// card, its denominations with the chosen one, the recipient fields the page asks for, and the reminder box while
// the store sends gift-card reminders (ticked where the country's rules and the site's consent settings allow it).
import { giftCardReminderBoxTicked } from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { GIFT_CARD_FIELDS } from '../catalogue/additional-fields.js'
import { getProduct } from '../catalogue/service.js'
import type { ProductItem } from '../catalogue/item.js'
import { MSG } from '../shared/messages.js'
import type { MoneyShape } from '../shared/money.js'
import type { ProductRow } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'
import { getGiftCardReminders } from './reminders.js'

export type ProductItems = (siteId: string, rows: readonly ProductRow[]) => Promise<ProductItem[]>

export interface Denomination {
  sku: string
  /** The option values ('Birthday'); '' when the card has no options or they only repeat the price ('$50' of 50.00). */
  label: string
  price: MoneyShape
  selected: boolean
}

export interface GiftCardPage {
  itemId: string
  item: ProductItem
  denominations: Denomination[]
  selected: Denomination | null
  /** 'Select a denomination for the Gift Card' while none is chosen. */
  message: string | null
  /** Longest text per recipient field (recipientName, recipientEmail, senderName, message). */
  maxLengths: typeof GIFT_CARD_FIELDS
  /**
   * The reminder box (field reminderConsent) while the store sends balance reminders or gives cards an expiry, else
   * null: `ticked` where a reminder may go without asking first; `balance` / `expiry` say which mails it covers.
   */
  reminders: { ticked: boolean; balance: boolean; expiry: boolean } | null
}

/** `label`, or '' when it only names `price` again: '$25', '25', 'USD 25.00' beside $25.00 would print the amount twice. */
export function ownLabel(label: string, price: MoneyShape): string {
  const amount = /^[^\d\p{L}]*(?:[A-Z]{3})?\s*([\d.,\s]+?)\s*(?:[A-Z]{3})?[^\d\p{L}]*$/u.exec(label.trim())
  if (!amount) return label
  const value = Number(amount[1]!.replace(/[\s,]/g, ''))
  return Number.isFinite(value) && value === Number(price.decimalValue) ? '' : label
}

/** The gift card `itemId` (published or hidden) with the denomination `sku` chosen; a card of one denomination has it chosen. */
export async function giftCardPage(orm: Orm, siteId: string, itemId: string, sku: string | undefined, items: ProductItems, restrictiveConsent = false): Promise<GiftCardPage> {
  const row = await getProduct(orm, siteId, itemId)
  if (!row || row.status === 'draft' || row.productType !== PRODUCT_TYPES.GIFT_CARD) {
    throw new AppError('not_found', 'gift_card_not_found', 'This gift card is not available.')
  }
  const [item] = await items(siteId, [row])
  const variants = item!.structuredContent.variants
  const chosen = sku ?? (variants.length === 1 ? variants[0]!.sku : undefined)
  const denominations = variants.map((v) => ({
    sku: v.sku,
    label: ownLabel(v.optionValues.map((o) => o.value).join(' / '), v.onSale ? v.salePriceMoney : v.priceMoney),
    price: v.onSale ? v.salePriceMoney : v.priceMoney,
    selected: v.sku === chosen,
  }))
  const selected = denominations.find((d) => d.selected) ?? null
  const settings = await getGiftCardReminders(orm, siteId)
  const expiry = settings.expiryMonths !== null
  const reminders = settings.balanceReminder || expiry ? { ticked: giftCardReminderBoxTicked(settings.country, restrictiveConsent), balance: settings.balanceReminder, expiry } : null
  return { itemId: row.id, item: item!, denominations, selected, message: selected ? null : MSG.giftCardDenomination, maxLengths: GIFT_CARD_FIELDS, reminders }
}
