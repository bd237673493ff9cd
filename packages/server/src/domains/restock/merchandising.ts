// productMerchandisingContext of a product page: one restock form per sold-out variant (the first one shown,
// the others hidden until chosen, or all hidden when hiddenByDefault) and scarcity messages for low stock.
import { PRODUCT_TYPES } from '@sitewright/contracts'
import type { RestockConfig } from './validators.js'

export interface ProductForMerchandising {
  id: string
  structuredContent?: { productType?: number; variants?: { id: string; qtyInStock: number; unlimited: boolean; attributes?: Record<string, string> }[] }
}

/**
 * `captcha`: the site's captcha (forms' provider). With the restock setting captchaEnabled on and a site key, the
 * context carries captchaSiteKey (the spec's restock form config) and what the widget needs to be drawn; without
 * a site key no captcha container is rendered (and the server does not ask for one: see routes.ts).
 */
export function merchandisingFor(product: ProductForMerchandising, c: RestockConfig, captcha: { provider: string; siteKey: string | null; challengeUrl?: string } | null = null): Record<string, unknown> | null {
  const type = product.structuredContent?.productType
  const variants = product.structuredContent?.variants ?? []
  if ((type !== PRODUCT_TYPES.PHYSICAL && type !== PRODUCT_TYPES.SERVICE) || !variants.length) return null
  const soldOut = variants.filter((v) => !v.unlimited && v.qtyInStock <= 0)
  const many = variants.length > 1
  const restockNotificationViews = c.enabled
    ? soldOut.map((v, i) => ({ variantId: v.id, attributes: v.attributes ?? {}, hiddenByDefault: c.hiddenByDefault || (many && (soldOut.length !== variants.length || i > 0)) }))
    : []
  const low = variants.filter((v) => !v.unlimited && v.qtyInStock > 0 && v.qtyInStock <= c.scarcityThreshold)
  const scarcityTemplateViews = low.map((v) => ({
    qtyInStock: v.qtyInStock,
    ...(many && !c.scarcityShownByDefault ? { attributes: v.attributes ?? {} } : {}),
  }))
  const key = c.captchaEnabled && captcha?.siteKey ? captcha : null
  return {
    ...(key ? { captchaSiteKey: key.siteKey, captchaProvider: key.provider, captchaChallengeUrl: key.challengeUrl ?? '' } : {}),
    restockNotificationViews,
    restockNotificationMessages: { buttonText: c.texts.buttonText, CTAText: c.texts.CTAText, placeholderText: c.texts.placeholderText, mailingListDescription: c.texts.mailingListDescription },
    restockSuccessText: c.texts.successText,
    mailingListSignUpEnabled: c.mailingListSignUpEnabled,
    mailingListOptInByDefault: c.mailingListOptInByDefault,
    scarcityEnabled: c.scarcityEnabled && scarcityTemplateViews.length > 0,
    scarcityText: c.scarcityText,
    scarcityShownByDefault: c.scarcityShownByDefault,
    scarcityTemplateViews,
  }
}
