// Views fed by the page's productMerchandisingContext[itemId]: restock notification forms, scarcity messages and
// the sold-out mark's custom text.
import { isOnSale, isSoldOut } from '../product.js'
import {
  asArray, dig, escapeAttr, escapeHtml, isRecord, isTrue, nonEmptyString, toNumber, toText, type Lookup, type Rec,
} from '../values.js'

export const DEFAULT_SOLD_OUT_TEXT = 'sold out'
export const DEFAULT_SALE_TEXT = 'sale'

/** The merchandising settings of this item, if the page carries any. */
export function merchandisingContext(item: unknown, lookup: Lookup): Rec | undefined {
  const id = dig(item, 'id')
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const ctx = lookup(['productMerchandisingContext', String(id)])
  return isRecord(ctx) ? ctx : undefined
}

interface RestockView {
  productIdAttr: string
  variantIdAttr: string
  hidden: boolean
  ctaHtml: string
  placeholderAttr: string
  buttonAttr: string
  mailingList: boolean
  optIn: boolean
  mailingListHtml: string
  captcha: boolean
  /** What the storefront needs to draw the widget (attribute-escaped), when the context carries captchaSiteKey. */
  captchaAttrs: { siteKey: string; provider: string; challengeUrl: string } | undefined
}

/** One restock form per configured view (variant); empty when the page has no restock settings for the item. */
export function restockViews(item: unknown, lookup: Lookup): RestockView[] {
  const mc = merchandisingContext(item, lookup)
  if (!mc) return []
  const texts = dig(mc, 'restockNotificationMessages')
  const text = (key: string): string => toText(dig(texts, key))
  // the restock config's captchaSiteKey (with the provider and challenge address the widget needs), else the
  // reference's website-wide captcha settings: no site key, no captcha container
  const ownKey = nonEmptyString(mc.captchaSiteKey)
  const captcha = ownKey !== undefined || nonEmptyString(lookup(['website', 'captchaSettings', 'siteKey'])) !== undefined
  const captchaAttrs = ownKey === undefined ? undefined : { siteKey: escapeAttr(ownKey), provider: escapeAttr(toText(mc.captchaProvider)), challengeUrl: escapeAttr(toText(mc.captchaChallengeUrl)) }
  return asArray(mc.restockNotificationViews)
    .filter(isRecord)
    .map((v) => ({
      productIdAttr: escapeAttr(toText(dig(item, 'id'))),
      variantIdAttr: escapeAttr(toText(v.variantId)),
      hidden: isTrue(v.hiddenByDefault),
      ctaHtml: escapeHtml(text('CTAText')),
      placeholderAttr: escapeAttr(text('placeholderText')),
      buttonAttr: escapeAttr(text('buttonText')),
      mailingList: isTrue(mc.mailingListSignUpEnabled),
      optIn: isTrue(mc.mailingListOptInByDefault),
      mailingListHtml: escapeHtml(text('mailingListDescription')),
      captcha,
      captchaAttrs,
    }))
}

interface ScarcityView {
  /** The variant's attributes as JSON, attribute-escaped; '' for a message that is not tied to a variant. */
  attributesAttr: string
  textHtml: string
}

/**
 * Scarcity messages ('Only {qtyInStock} left!'), escaped. A message tied to variant attributes carries them and
 * starts hidden (the storefront shows the chosen variant's).
 */
export function scarcityViews(item: unknown, lookup: Lookup): ScarcityView[] {
  const mc = merchandisingContext(item, lookup)
  if (!mc || !isTrue(mc.scarcityEnabled)) return []
  const template = escapeHtml(toText(mc.scarcityText))
  return asArray(mc.scarcityTemplateViews)
    .filter(isRecord)
    .map((v) => ({
      attributesAttr: isRecord(v.attributes) ? escapeAttr(JSON.stringify(v.attributes)) : '',
      textHtml: template.split('{qtyInStock}').join(String(toNumber(v.qtyInStock))),
    }))
}

export interface StatusView {
  soldOutHtml?: string
  saleHtml?: string
}

/** The product mark: sold out (custom text if the site set one), else sale, else nothing. */
export function statusView(item: unknown, lookup: Lookup): StatusView {
  if (isSoldOut(item)) {
    const custom = nonEmptyString(dig(merchandisingContext(item, lookup), 'customSoldOutText'))
    return { soldOutHtml: escapeHtml(custom ?? DEFAULT_SOLD_OUT_TEXT) }
  }
  if (isOnSale(item)) return { saleHtml: escapeHtml(DEFAULT_SALE_TEXT) }
  return {}
}
