// Interest-free instalments: provider by locale, merchant country and currency (contracts), offer bounds from the store settings,
// and the explanatory dialog served by our own route per locale (en_US fallback).
import { INSTALMENT_COUNT, instalmentCountry, instalmentLocale, instalmentProvider, instalmentShipsTo } from '@sitewright/contracts'
import { decimalText, money } from '../shared/money.js'
import { PRODUCT_TYPES } from '../validators.js'

export const NUM_INSTALMENTS = INSTALMENT_COUNT
export type InstalmentProvider = 'AFTERPAY' | 'CLEARPAY'

/** 'en-US' or 'en_US' -> 'en_US'; undefined when it does not look like a locale. */
export const normaliseLocale = instalmentLocale

/** The provider for the site's locale and (when given) store currency: contracts' country, language and currency rule. */
export function providerForLocale(locale: string | undefined, currency?: string): InstalmentProvider | null {
  const p = instalmentProvider(locale, currency)
  return p === 'Clearpay' ? 'CLEARPAY' : p === 'Afterpay' ? 'AFTERPAY' : null
}

/** The payment method of a provider ('afterpay' / 'clearpay') and the name shoppers read. */
export const methodOf = (p: InstalmentProvider) => (p === 'CLEARPAY' ? 'clearpay' : 'afterpay')
export const providerName = (p: InstalmentProvider) => (p === 'CLEARPAY' ? 'Clearpay' : 'Afterpay')

export interface InstalmentCheckInput {
  enabled: boolean
  locale: string | undefined
  /** Every item of the cart is physical (instalments only for physical goods). */
  allPhysical: boolean
  subscription: boolean
  amountCents: number
  minCents: number
  maxCents: number
  currency: string
  /** The shipping address's country, when the order ships: it must be the merchant's (a US territory counts as US). */
  shipTo?: string | undefined
}

export type InstalmentCheck =
  | { ok: true; provider: InstalmentProvider }
  | { ok: false; provider: InstalmentProvider | null; reason: string }

/** Whether a cart may be paid in instalments, and why not. */
export function instalmentCheck(c: InstalmentCheckInput): InstalmentCheck {
  const provider = c.enabled ? providerForLocale(c.locale, c.currency) : null
  if (!provider) return { ok: false, provider: null, reason: 'Instalment payments are not available in this store.' }
  const name = providerName(provider)
  if (c.subscription || !c.allPhysical) return { ok: false, provider, reason: `${name} is available only for physical products.` }
  const merchant = instalmentCountry(c.locale)
  if (c.shipTo && merchant && !instalmentShipsTo(merchant, c.shipTo)) return { ok: false, provider, reason: `${name} is available only for orders shipped within the store's country.` }
  const range = instalmentRange(c.amountCents, c.minCents, c.maxCents)
  if (range === 'below') return { ok: false, provider, reason: `${name} is available for orders over ${decimalText(c.minCents, c.currency)} ${c.currency}.` }
  if (range === 'above') return { ok: false, provider, reason: `${name} is available for orders up to ${decimalText(c.maxCents, c.currency)} ${c.currency}.` }
  return { ok: true, provider }
}

/**
 * The instalment choice of the checkout page (context `checkout.instalments`), or null when the cart cannot be
 * paid in instalments at all (no provider for the locale, turned off, a subscription or an item not physical).
 * `available` is false while the total is outside the store's bounds; `reason` then says why.
 */
export function checkoutInstalments(
  cart: { entries: readonly { productType: number }[]; grandTotalCents: number },
  s: { instalmentsEnabled: boolean; instalmentMinCents: number; instalmentMaxCents: number; currency: string },
  locale: string | undefined,
  subscription: boolean,
  /** The total still to pay when it is not the cart's (a gift card pays part). */
  amountCents: number = cart.grandTotalCents,
) {
  const check = instalmentCheck({
    enabled: s.instalmentsEnabled,
    locale,
    allPhysical: cart.entries.length > 0 && cart.entries.every((e) => e.productType === PRODUCT_TYPES.PHYSICAL),
    subscription,
    amountCents,
    minCents: s.instalmentMinCents,
    maxCents: s.instalmentMaxCents,
    currency: s.currency,
  })
  if (!check.ok && (!check.provider || subscription || !cart.entries.every((e) => e.productType === PRODUCT_TYPES.PHYSICAL))) return null
  const provider = check.provider!
  return {
    provider: providerName(provider),
    method: methodOf(provider),
    numInstallments: NUM_INSTALMENTS,
    available: check.ok,
    reason: check.ok ? '' : check.reason,
    installmentCents: instalmentAmount(amountCents),
    installment: money(instalmentAmount(amountCents), s.currency),
    minCents: s.instalmentMinCents,
    maxCents: s.instalmentMaxCents,
  }
}

/** In range when the price is above the minimum and not above the maximum. */
export function instalmentRange(priceCents: number, minCents: number, maxCents: number): 'in' | 'above' | 'below' {
  if (priceCents > maxCents) return 'above'
  if (priceCents > minCents) return 'in'
  return 'below'
}

/** The amount of each instalment, rounded up to a whole minor unit (the last one may be smaller). */
export function instalmentAmount(priceCents: number): number {
  return Math.ceil(priceCents / NUM_INSTALMENTS)
}

interface DialogText {
  lang: string
  title: string
  intro: string
  steps: string[]
  terms: string
}

const TEXTS: Record<string, (p: string) => DialogText> = {
  en: (p) => ({
    lang: 'en',
    title: `Pay in ${NUM_INSTALMENTS} interest-free payments with ${p}`,
    intro: `${p} splits the order total into ${NUM_INSTALMENTS} equal payments, taken every two weeks. There is no interest when every payment is made on time.`,
    steps: [
      `Add items to your cart and choose ${p} at checkout.`,
      `Sign in to ${p} or create an account; ${p} decides whether to approve the purchase.`,
      'The first payment is taken when the order is placed; the other three follow every two weeks.',
    ],
    terms: `${p} may charge late fees when a payment is missed and may run checks before approving. Read ${p}'s own terms before you use it. This store does not decide approvals.`,
  }),
  fr: (p) => ({
    lang: 'fr',
    title: `Payez en ${NUM_INSTALMENTS} versements sans intérêts avec ${p}`,
    intro: `${p} divise le total de la commande en ${NUM_INSTALMENTS} versements égaux, prélevés toutes les deux semaines. Aucun intérêt n'est dû si chaque versement est payé à temps.`,
    steps: [
      `Ajoutez des articles au panier et choisissez ${p} au moment de payer.`,
      `Connectez-vous à ${p} ou créez un compte; ${p} décide d'approuver ou non l'achat.`,
      'Le premier versement est prélevé à la commande; les trois autres suivent toutes les deux semaines.',
    ],
    terms: `${p} peut facturer des frais en cas de retard et effectuer des vérifications avant d'approuver. Lisez les conditions de ${p} avant de l'utiliser. Cette boutique ne décide pas des approbations.`,
  }),
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** The dialog HTML fragment for a locale; unknown or provider-less locales get the en_US text. */
export function instalmentDialogHtml(locale: string | undefined): { locale: string; html: string } {
  const known = normaliseLocale(locale)
  const provider = providerForLocale(known)
  const used = provider && known ? known : 'en_US'
  const name = providerForLocale(used) === 'CLEARPAY' ? 'Clearpay' : 'Afterpay'
  const t = (TEXTS[used.slice(0, 2)] ?? TEXTS.en!)(name)
  const html = [
    `<div class="instalment-dialog" lang="${t.lang}" data-provider="${name.toLowerCase()}">`,
    `<h2 class="instalment-dialog-title">${escape(t.title)}</h2>`,
    `<p>${escape(t.intro)}</p>`,
    `<ol>${t.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol>`,
    `<p class="instalment-dialog-terms">${escape(t.terms)}</p>`,
    '</div>',
  ].join('\n')
  return { locale: used, html }
}
