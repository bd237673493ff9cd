// Public API of the notify domain: every mail the store and the site send to shoppers and owners, rendered from
// the theme's email templates (emails.ts) with the site's brand, queued as durable mail jobs keyed by event id
// (mail/jobs.ts: one mail per event, retried with back-off), the owners' notification settings, the email
// previews of the editor (COMMERCE_EMAIL_PREVIEW 301). Mails of other domains' changes come by their events
// (order confirmed, review posted: subscribed in app/wire/notify.ts).
import { messagesFor } from '../../platform/messages.js'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { FulfilmentView, NotificationSettings, OrderView } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import type { CommerceNotifier, IssuedGiftCard, OrderConfirmedEvent } from '../commerce/index.js'
import { dateText } from '../commerce/index.js'
import type { MailMessage, QueueMail } from '../mail/index.js'
import { purchasedProducts } from '../reviews/index.js'
import type { GiftCardsIssuedEvent, OrderFulfilledEvent, OrderRefundedEvent, ReviewPostedEvent } from '../../platform/events.js'
import { fromName, type EmailBrand, type EmailTemplates } from './emails.js'
import { donationData, giftCardData, orderData, shipmentData } from './data.js'
import { registerNotifyRoutes } from './routes.js'
import { settingsOfMany } from './settings.js'
import { every, type Every } from '../../platform/every.js'

export { createEmailTemplates, DEFAULT_BRAND_COLOURS, safeColour, type EmailBrand, type EmailTemplates } from './emails.js'
export { notifyTables } from './schema.js'
export { DEFAULT_NOTIFICATION_SETTINGS } from './settings.js'

/** Who receives owner mails of one kind: members of the site whose role has the capability. */
export type OwnerAudience = 'commerce' | 'forms.read' | 'members'

export interface NotifyDeps {
  templates: EmailTemplates
  /** The site's brand: title, public address, logo and colours. */
  brand(siteId: string): Promise<EmailBrand>
  /** The sender address (the name is always the site's). */
  fromAddress: string
  /** The owner accounts of a site (with their email) whose role has the capability. */
  recipients(siteId: string, audience: OwnerAudience): Promise<{ ownerId: string; email: string }[]>
  /** The editor's address of a site (for links in owner mails), ending with '/'. */
  editorUrl(siteId: string): string
  /** The owner's site after the store-role check. */
  authorize(request: FastifyRequest, siteId: string): Promise<{ site: { id: string } }>
  currentOwnerId(request: FastifyRequest): Promise<string | null>
  orderById(siteId: string, orderId: string): Promise<OrderView | null>
  fulfilmentOf(siteId: string, orderId: string, fulfilmentId: string): Promise<FulfilmentView | null>
  lowStockOf(siteId: string, orderId: string, threshold: number): Promise<{ variantId: string; productId: string; item: string; qtyInStock: number; bought: number }[]>
  /** The signed review-request link of an order (the reviews domain's), from the site's address. */
  reviewUrl(baseUrl: string, siteId: string, orderId: string): string
  /** Queues one mail in a transaction (mail's durable jobs). */
  queueMail: QueueMail
  /** What shoppers wait for, per site (the restock domain; the daily demand summary). */
  restockDemand?(): Promise<{ siteId: string; items: { item: string; waiting: number }[] }[]>
  log?: FastifyBaseLogger
}

export interface OwnerEvent {
  siteId: string
  /** The event id; each owner gets one mail per event. */
  eventId: string
  template: string
  audience: OwnerAudience
  /** The template data, or the data for one owner's settings. */
  data: Record<string, unknown> | ((s: NotificationSettings) => Record<string, unknown>)
  /** Further condition on the owner's settings (e.g. the low-stock threshold). */
  wants?: (s: NotificationSettings) => boolean
}

export function createNotify(orm: Orm, deps: NotifyDeps) {
  const { templates } = deps

  /** Renders a template for a site: the message (to, subject, text, html) from the site's name. */
  async function compose(siteId: string, template: string, to: string, data: Record<string, unknown>, brand?: EmailBrand): Promise<MailMessage> {
    const b = brand ?? (await deps.brand(siteId))
    const r = templates.render(template, data, b)
    return { to, subject: r.subject, text: r.text, html: r.html, from: fromName(b.title, deps.fromAddress) }
  }

  /** A composer bound to a site's brand (fetched once): for mails queued inside another domain's transaction. */
  async function composer(siteId: string): Promise<(template: string, to: string, data: Record<string, unknown>) => MailMessage> {
    const b = await deps.brand(siteId)
    return (template, to, data) => {
      const r = templates.render(template, data, b)
      return { to, subject: r.subject, text: r.text, html: r.html, from: fromName(b.title, deps.fromAddress) }
    }
  }

  /** Queues one mail for an event (a second call with the same event id does nothing); answers whether it was new. */
  async function queue(siteId: string, eventId: string, template: string, to: string, data: Record<string, unknown>, tx: Orm = orm): Promise<boolean> {
    const message = await compose(siteId, template, to, data)
    return deps.queueMail(tx, { id: eventId, siteId, kind: template, message })
  }

  /** Mails the owners who want this kind of mail (per their settings), each once per event. */
  async function ownerEvent(e: OwnerEvent): Promise<number> {
    const entry = templates.entry(e.template)
    const setting = entry?.setting as keyof NotificationSettings | undefined
    const people = await deps.recipients(e.siteId, e.audience)
    const settings = await settingsOfMany(orm, e.siteId, people.map((p) => p.ownerId))
    let queued = 0
    const brand = await deps.brand(e.siteId)
    for (const p of people) {
      const s = settings.get(p.ownerId)!
      if (setting && s[setting] === false) continue
      if (e.wants && !e.wants(s)) continue
      const message = await compose(e.siteId, e.template, p.email, typeof e.data === 'function' ? e.data(s) : e.data, brand)
      if (await deps.queueMail(orm, { id: `${e.eventId}:${p.ownerId}`, siteId: e.siteId, kind: e.template, message })) queued++
    }
    return queued
  }

  const { reviewUrl } = deps

  const commerceNotifier: CommerceNotifier = {
    async subscriptionRenewed({ siteId, renewalId, order, item, cycle, nextBillingOn }) {
      const brand = await deps.brand(siteId)
      await queue(siteId, `subscription-renewed:${renewalId}`, 'subscription-renewed', order.email, {
        order: orderData(order, { baseUrl: brand.url }),
        subscription: { item, cycle, nextBillingOn },
      })
    },
    async subscriptionPaymentFailed({ siteId, renewalId, email, item, amount, cycle, orderNumber }) {
      await queue(siteId, `subscription-payment-failed:${renewalId}`, 'subscription-payment-failed', email, { subscription: { item, amount, cycle, orderNumber } })
    },
  }

  /**
   * The mails of a placed order or a received donation: the order-confirmed event's durable subscriber (run at
   * least once after the order's commit; each mail is keyed by the order, so a second run queues nothing).
   */
  async function orderConfirmed(e: OrderConfirmedEvent): Promise<void> {
    const siteId = e.websiteId
    const order = await deps.orderById(siteId, e.orderId)
    if (!order) return
    const brand = await deps.brand(siteId)
    const data = orderData(order, { detailsUrl: e.confirmationUrl, baseUrl: brand.url, giftCards: e.giftCards })
    const manageUrl = `${deps.editorUrl(siteId)}#commerce/orders/${order.id}`
    if (e.donation) {
      const { name, recurring } = e.donation
      await queue(siteId, `donation-receipt:${order.id}`, 'donation-receipt', order.email, { donation: donationData(order, name, recurring, e.confirmationUrl) })
      // the same owner mail, titled and worded as a donation
      await ownerEvent({ siteId, eventId: `owner-new-order:${order.id}`, template: 'owner-new-order', audience: 'commerce', data: { order: { ...data, manageUrl, donation: true } } })
      return
    }
    // the shopper's mail in their language: texts, money and the day as CLDR writes them there
    const locale = order.locale ?? 'en-US'
    const shopperData = orderData(order, { detailsUrl: e.confirmationUrl, baseUrl: brand.url, giftCards: e.giftCards, locale })
    await queue(siteId, `order-confirmation:${order.id}`, 'order-confirmation', order.email, { order: { ...shopperData, text: orderMailText(locale, order, brand.title) } })
    if (order.status === 'paid') await giftCardsIssued(siteId, order, e.giftCards)
    await ownerEvent({ siteId, eventId: `owner-new-order:${order.id}`, template: 'owner-new-order', audience: 'commerce', data: { order: { ...data, manageUrl } } })
    await lowStock(siteId, order.id)
  }

  /** The recipients' mails of the gift cards an order issued (once a card). */
  async function giftCardsIssued(siteId: string, order: OrderView, giftCards: readonly IssuedGiftCard[]): Promise<void> {
    for (const card of giftCards) {
      const g = giftCardData(order, card)
      if (g) await queue(siteId, `gift-card:${order.id}:${card.code}`, 'gift-card', g.to, g.data)
    }
  }

  // The subscribers of commerce's order events (app/wire/notify.ts): each reads the order as it is now and queues
  // its mails keyed by the order or shipment, so a second delivery of the event queues nothing.
  const orderEvents = {
    async fulfilled(e: OrderFulfilledEvent): Promise<void> {
      const order = await deps.orderById(e.siteId, e.orderId)
      const f = order && (await deps.fulfilmentOf(e.siteId, e.orderId, e.fulfilmentId))
      if (!order || !f) return
      if (e.notifyCustomer) await shippingMail(e.siteId, order, f, e.complete)
      if (e.complete) await reviewRequest(e.siteId, order)
    },
    async refunded(e: OrderRefundedEvent): Promise<void> {
      const order = await deps.orderById(e.siteId, e.orderId)
      if (!order) return
      const brand = await deps.brand(e.siteId)
      await queue(e.siteId, `refund:${order.id}`, 'refund', order.email, { order: orderData(order, { baseUrl: brand.url }) })
    },
    async giftCardsIssued(e: GiftCardsIssuedEvent): Promise<void> {
      const order = await deps.orderById(e.siteId, e.orderId)
      if (order) await giftCardsIssued(e.siteId, order, e.giftCards)
    },
  }

  /** The confirmation mail's texts in the shopper's language (the order's number set in bold around the message). */
  function orderMailText(locale: string, order: OrderView, site: string) {
    const { number } = order
    const t = messagesFor(locale)
    const [confirmedBefore, confirmedAfter] = t('order.confirmed', { number: '\u0001' }).split('\u0001')
    return { thanks: t('order.thanks'), confirmedBefore: confirmedBefore ?? '', confirmedAfter: confirmedAfter ?? '', view: t('order.view'), placed: t('order.placed', { date: dateText(order.created, locale) }), shippingTo: t('order.shippingTo'), subject: t('order.mailSubject', { number: String(number), site }) }
  }

  async function shippingMail(siteId: string, order: OrderView, f: FulfilmentView, complete: boolean): Promise<void> {
    const brand = await deps.brand(siteId)
    await queue(siteId, `shipping:${f.id}`, 'shipping-notification', order.email, { order: orderData(order, { baseUrl: brand.url }), shipment: shipmentData(order, f), complete })
  }

  async function reviewRequest(siteId: string, order: OrderView): Promise<void> {
    const products = purchasedProducts(order)
    if (!products.length) return
    const brand = await deps.brand(siteId)
    const data = { ...orderData(order, { baseUrl: brand.url }), products, reviewUrl: reviewUrl(brand.url, siteId, order.id) }
    await queue(siteId, `review-request:${order.id}`, 'review-request', order.email, { order: data })
  }

  async function lowStock(siteId: string, orderId: string): Promise<void> {
    const people = await deps.recipients(siteId, 'commerce')
    if (!people.length) return
    const settings = await settingsOfMany(orm, siteId, people.map((p) => p.ownerId))
    const highest = Math.max(...[...settings.values()].map((s) => (s.lowStock ? s.lowStockThreshold : -1)))
    if (highest < 0) return
    for (const v of await deps.lowStockOf(siteId, orderId, highest)) {
      await ownerEvent({
        siteId,
        eventId: `owner-low-stock:${v.variantId}:${orderId}`,
        template: 'owner-low-stock',
        audience: 'commerce',
        data: (s) => ({ stock: { item: v.item, qtyInStock: v.qtyInStock, threshold: s.lowStockThreshold, manageUrl: `${deps.editorUrl(siteId)}#commerce/inventory` } }),
        // once, when this order took the stock to the owner's threshold or below
        wants: (s) => v.qtyInStock <= s.lowStockThreshold && v.qtyInStock + v.bought > s.lowStockThreshold,
      })
    }
  }

  /**
   * A form's notification mail (sent to the address the form names, by the forms domain's own outbox), rendered
   * from the theme; null when that address is an owner of the site who turned form mails off.
   */
  async function formSubmission(job: { to: string; replyTo?: string; submission: { siteId: string; formName: string; fields: { label: string; value: string }[] } }): Promise<MailMessage | null> {
    const { siteId } = job.submission
    const owner = (await deps.recipients(siteId, 'forms.read')).find((p) => p.email.toLowerCase() === job.to.toLowerCase())
    if (owner && (await settingsOfMany(orm, siteId, [owner.ownerId])).get(owner.ownerId)?.formSubmission === false) return null
    const data = { submission: { formName: job.submission.formName, fields: job.submission.fields, manageUrl: `${deps.editorUrl(siteId)}#forms` } }
    const m = await compose(siteId, 'owner-form-submission', job.to, data)
    return job.replyTo ? { ...m, replyTo: job.replyTo } : m
  }

  /** The owners' new-member mail (once per member). */
  const memberCreated = (siteId: string, member: { id: string; email: string; name: string }) =>
    ownerEvent({ siteId, eventId: `owner-new-member:${member.id}`, template: 'owner-new-member', audience: 'members', data: { member: { name: member.name, email: member.email } } })

  /** Mails each site's owners what shoppers wait for, once a day (the event id carries the UTC day). */
  async function restockSummaries(now = new Date()): Promise<number> {
    const day = now.toISOString().slice(0, 10)
    let queued = 0
    for (const s of (await deps.restockDemand?.()) ?? []) {
      const total = s.items.length
      queued += await ownerEvent({
        siteId: s.siteId,
        eventId: `owner-restock-summary:${s.siteId}:${day}`,
        template: 'owner-restock-summary',
        audience: 'commerce',
        data: { demand: { total, items: s.items, manageUrl: `${deps.editorUrl(s.siteId)}#commerce/restock` } },
      })
    }
    return queued
  }
  let timer: Every | null = null

  return {
    restockSummaries,
    /** Checks hourly (from start to stop) for the day's restock demand summaries. */
    async start(): Promise<void> {
      timer = every({ name: 'restock summaries', ms: 60 * 60 * 1000, log: deps.log }, () => restockSummaries())
    },
    async stop(): Promise<void> {
      await timer?.stop()
      timer = null
    },
    formSubmission,
    memberCreated,
    routes(app: FastifyInstance): void {
      registerNotifyRoutes(app, orm, deps, { compose })
    },
    commerceNotifier,
    orderConfirmed,
    orderEvents,
    compose,
    composer,
    queue,
    ownerEvent,
    /** The owners' mail of a review posted through a review request (reviews_review_posted's subscriber; once a review). */
    reviewPosted: (e: ReviewPostedEvent) =>
      ownerEvent({
        siteId: e.siteId,
        eventId: `owner-new-review:${e.reviewId}`,
        template: 'owner-new-review',
        audience: 'commerce',
        data: { review: { stars: `${e.stars} of 5 stars`, product: e.product, author: e.author, text: e.text, manageUrl: `${deps.editorUrl(e.siteId)}#commerce/reviews` } },
      }),
  }
}

export type Notify = ReturnType<typeof createNotify>
