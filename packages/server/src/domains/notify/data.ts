// The data each email template renders: built from the store's order views (and other domains' events), and
// sample data of the same shape for the editor's previews (COMMERCE_EMAIL_PREVIEW 301).
import type { FulfilmentView, OrderView } from '@sitewright/contracts'
import { giftCardRecipient, localizedSummary, moneyText, subscriptionTerms, termsSentence, type IssuedGiftCard } from '../commerce/index.js'

type Data = Record<string, unknown>

const variantOf = (attributes: Record<string, string>) => Object.values(attributes).filter(Boolean).join(', ')

function addressLines(a: Record<string, string> | null): string[] {
  if (!a) return []
  const t = (k: string) => (a[k] ?? '').trim()
  return [
    [t('firstName'), t('lastName')].filter(Boolean).join(' '),
    t('line1'),
    t('line2'),
    [t('city'), t('region'), t('postalCode')].filter(Boolean).join(' '),
    t('country'),
  ].filter(Boolean)
}

/** The order as the shopper templates show it. */
export function orderData(order: OrderView, o: { detailsUrl?: string; baseUrl: string; giftCards?: readonly IssuedGiftCard[]; locale?: string }): Data {
  const amount = (cents: number) => moneyText(cents, order.currency, o.locale)
  const issued = o.giftCards ?? []
  return {
    id: order.id,
    number: order.number,
    email: order.email,
    testMode: order.testMode,
    // the stored breakdown's total: what was charged, after gift cards
    total: o.locale ? amount(order.breakdown.totalCents) : order.breakdown.total,
    lines: order.entries.map((e) => ({ quantity: e.quantity, title: e.title, variant: variantOf(e.attributes), total: amount(e.subTotalCents) })),
    summary: (o.locale ? localizedSummary(order.summary, order.currency, o.locale) : order.summary).map((l) => ({ label: l.label, text: l.text })),
    downloads: order.entries.filter((e) => e.downloadUrl).map((e) => ({ title: e.title, url: `${o.baseUrl.replace(/\/+$/, '')}${e.downloadUrl}` })),
    giftCards: order.giftCards.map((g) => {
      const card = issued.find((c) => c.code === g.code)
      const to = card ? giftCardRecipient(card) : null
      return { code: g.code, amount: amount(g.amountCents), forWhom: to ? `${to.name || to.email} (sent to ${to.email})` : '' }
    }),
    shipTo: addressLines(order.shippingAddress),
    detailsUrl: o.detailsUrl ?? '',
    refunded: amount(order.breakdown.refundedCents || order.breakdown.totalCents),
    paymentPlan: planData(order),
    subscriptions: subscriptionData(order),
  }
}

/** A subscription order's terms in words: each payment (the price with the order's shipping and tax), how often, how many. */
function subscriptionData(order: OrderView): Data[] {
  const b = order.breakdown
  const renewal = moneyText(b.subtotalCents + b.shippingCents + b.taxCents, order.currency)
  return order.subscriptions.map((s) => {
    const entry = order.entries.find((e) => e.itemId === s.itemId)
    const terms = subscriptionTerms({ billingPeriod: s.billingPeriod, numBillingCycles: s.numBillingCycles, ships: entry?.productType === 1 })
    return { item: entry?.title ?? '', terms: termsSentence(renewal, terms) }
  })
}

const PAYMENT_NOTES: Record<string, string> = { captured: 'paid', scheduled: '', cancelled: 'cancelled' }

/** An instalment plan as the mails and pages print it: the method and each dated payment; null for a card. */
export function planData(order: OrderView): Data | null {
  const plan = order.paymentPlan
  if (!plan) return null
  return {
    provider: plan.provider,
    count: plan.payments.length,
    payments: plan.payments.map((p) => ({ number: p.number, date: p.date, amount: p.amount, note: PAYMENT_NOTES[p.status] ?? '' })),
  }
}

/** One shipment: carrier, tracking and the lines in it. */
export function shipmentData(order: OrderView, f: FulfilmentView): Data {
  return {
    carrier: f.carrier || 'Not given',
    trackingNumber: f.trackingNumber || 'Not given',
    trackingUrl: f.trackingUrl ?? '',
    lines: f.lines.flatMap((l) => {
      const e = order.entries.find((x) => x.id === l.entryId)
      return e && l.quantity > 0 ? [{ quantity: l.quantity, title: e.title, variant: variantOf(e.attributes) }] : []
    }),
  }
}

/** The gift card mail of one card bought for someone; null without a usable recipient. */
export function giftCardData(order: OrderView, card: IssuedGiftCard): { to: string; data: Data } | null {
  const to = giftCardRecipient(card)
  if (!to) return null
  const address = order.billingAddress ?? order.shippingAddress
  const addressName = address ? [address.firstName, address.lastName].map((v) => (v ?? '').trim()).filter(Boolean).join(' ') : ''
  return {
    to: to.email,
    data: { giftCard: { recipientName: to.name, sender: to.senderName || addressName || order.email, message: to.message, code: card.code, amount: moneyText(card.amountCents, order.currency) } },
  }
}

/** The donor's receipt: who gave what, when, and whether it repeats monthly. */
export function donationData(order: OrderView, name: string, recurring: boolean, detailsUrl: string): Data {
  return {
    name,
    amount: order.breakdown.total,
    number: order.number,
    date: new Date(order.created).toISOString().slice(0, 10),
    recurring,
    testMode: order.testMode,
    email: order.email,
    detailsUrl,
  }
}

const SAMPLE_ORDER = {
  id: 'sample-order',
  number: 1042,
  email: 'ada@example.com',
  testMode: false,
  total: '$86.40',
  lines: [
    { quantity: 2, title: 'Stoneware mug', variant: 'Sand', total: '$48.00' },
    { quantity: 1, title: 'Linen tea towel <set of 2>', variant: '', total: '$28.00' },
  ],
  summary: [
    { label: 'Subtotal', text: '$76.00' },
    { label: 'Shipping', text: '$5.00' },
    { label: 'Tax', text: '$5.40' },
    { label: 'Total', text: '$86.40' },
  ],
  downloads: [],
  giftCards: [],
  shipTo: ['Ada Lovelace', '12 St James’s Square', 'London SW1Y 4JH', 'GB'],
  detailsUrl: '',
  refunded: '$86.40',
  products: [{ productId: 'p1', title: 'Stoneware mug' }, { productId: 'p2', title: 'Linen tea towel <set of 2>' }],
  reviewUrl: '',
  manageUrl: '',
}

/** Sample data of every template (the previews); links point at the site. */
export function sampleData(name: string, siteUrl: string, editorUrl: string): Data {
  const order = { ...SAMPLE_ORDER, detailsUrl: `${siteUrl}commerce/orders/sample-order`, reviewUrl: `${siteUrl}reviews/request?order=sample-order`, manageUrl: `${editorUrl}#commerce/orders` }
  switch (name) {
    case 'shipping-notification':
      return { order, complete: true, shipment: { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB', trackingUrl: 'https://www.royalmail.com/track-your-item', lines: order.lines } }
    case 'gift-card':
      return { giftCard: { recipientName: 'Grace Hopper', sender: 'Ada Lovelace', message: 'Happy birthday!\nTreat yourself <3', code: 'K7QX-2M9P-TR4W-8HZN', amount: '$25.00' } }
    case 'gift-card-balance':
      return { giftCard: { recipientName: 'Grace Hopper', code: 'K7QX-2M9P-TR4W-8HZN', balance: '$12.50', expiresOn: null, shopUrl: siteUrl, unsubscribeUrl: `${siteUrl}commerce/gift-cards/unsubscribe?s=sample` } }
    case 'gift-card-expiry':
      return { giftCard: { recipientName: 'Grace Hopper', code: 'K7QX-2M9P-TR4W-8HZN', balance: '$12.50', expiresOn: '2031-03-01', shopUrl: siteUrl, unsubscribeUrl: `${siteUrl}commerce/gift-cards/unsubscribe?s=sample` } }
    case 'cart-recovery':
      return { recovery: { step: 1, reminders: 2, last: false, url: `${siteUrl}commerce/recover/sample`, unsubscribeUrl: `${siteUrl}commerce/recover/unsubscribe?s=sample`, couponCode: 'COMEBACK10', total: order.total, lines: order.lines } }
    case 'restock-alert':
      return { restock: { item: 'Moon jar (Large)', productUrl: `${siteUrl}shop/moon-jar` } }
    case 'owner-form-submission':
      return { submission: { formName: 'Contact', fields: [{ label: 'Name', value: 'Ada Lovelace' }, { label: 'Message', value: 'Do you ship to <Canada>?\nThanks!' }], manageUrl: `${editorUrl}#forms` } }
    case 'owner-low-stock':
      return { stock: { item: 'Stoneware mug (Sand)', qtyInStock: 2, threshold: 3, manageUrl: `${editorUrl}#commerce/inventory` } }
    case 'owner-new-review':
      return { review: { stars: '4 of 5 stars', product: 'Stoneware mug', author: 'Ada L.', text: 'Lovely glaze; the handle is a little <small>.', manageUrl: `${editorUrl}#commerce/reviews` } }
    case 'member-verification':
      return { member: { name: 'Grace <Hopper>', link: `${siteUrl}account/verify?token=sample` } }
    case 'member-password-reset':
      return { member: { name: 'Grace Hopper', link: `${siteUrl}account/reset?token=sample` } }
    case 'member-account-exists':
      return { member: { name: 'Grace Hopper', signInUrl: `${siteUrl}account/sign-in`, resetUrl: `${siteUrl}account/reset` } }
    case 'owner-new-member':
      return { member: { name: 'Grace Hopper', email: 'grace@example.com' } }
    case 'subscription-renewed':
      return { order, subscription: { item: 'Coffee beans (1 kg)', cycle: 2, nextBillingOn: '2026-03-01' } }
    case 'subscription-payment-failed':
      return { subscription: { item: 'Coffee beans (1 kg)', amount: '$24.00', cycle: 2, orderNumber: 1042 } }
    case 'donation-receipt':
      return { donation: { name: 'Grace <Hopper>', amount: '$25.00', number: 1043, date: '2026-02-01', recurring: true, testMode: false, email: 'grace@example.com', detailsUrl: `${siteUrl}commerce/orders/sample-order` } }
    case 'owner-restock-summary':
      return { demand: { total: 2, items: [{ item: 'Moon jar (Large)', waiting: 7 }, { item: 'Stoneware mug (Ink)', waiting: 3 }], manageUrl: `${editorUrl}#commerce/restock` } }
    default:
      return { order }
  }
}
