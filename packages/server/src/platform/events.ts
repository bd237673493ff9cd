// The domain-event bus: every event type the domains raise is declared once here (DomainEventMap), and a domain
// reacts to another's change by subscribing, never by being called.
//
// An event is raised inside the transaction of the change (`events.transaction(orm, async (tx, raise) => ...)`):
// - a durable subscriber (`subscribe(type, name, handler)`) gets one job per event on the one job queue, written
//   on that transaction: the job row is the outbox row, so it exists exactly when the change does, and is run after
//   the commit by whichever node is free, again after a crash, until the handler returns (at least once: a handler
//   is idempotent, e.g. a mail keyed by the event's subject);
// - an in-process listener (`on(type, listener)`) runs on this node right after the commit (caches, counters; a
//   node dying in between loses it), its failure logged.
// Subscribers are declared while the app is wired, before any event is raised.
import type { Orm } from './db/index.js'
import type { Jobs } from './jobs.js'
import { newId } from './ids.js'

/** A gift card an order bought, with the entry it came from and that entry's recipient fields (name, email, message). */
export interface IssuedGiftCard {
  entryId: string
  code: string
  amountCents: number
  fields: Record<string, unknown> | null
}

/** An order was placed or a donation received (raised in the transaction that wrote it). */
export interface OrderConfirmedEvent {
  orderId: string
  cartId: string
  testMode: boolean
  websiteId: string
  /** The buyer's confirmation page, whole (its token is nowhere else in clear). */
  confirmationUrl: string
  /** The gift cards the order issued (a paid order). */
  giftCards: IssuedGiftCard[]
  /** A donation's donor, or null for an order. */
  donation: { name: string; recurring: boolean } | null
}

/** An owner set a variant's stock. */
export interface StockSetEvent {
  siteId: string
  productId: string
  variantId: string
  qtyInStock: number
  unlimited: boolean
}

/** A paid order's shipment was recorded (its mail: the buyer's, unless the owner said not to; the review request once complete). */
export interface OrderFulfilledEvent {
  siteId: string
  orderId: string
  fulfilmentId: string
  /** Every line has now shipped. */
  complete: boolean
  notifyCustomer: boolean
}

/** An order was refunded, or a pending payment confirmed (the gift cards that issued with it). */
export interface OrderRefundedEvent {
  siteId: string
  orderId: string
}
export interface GiftCardsIssuedEvent {
  siteId: string
  orderId: string
  giftCards: IssuedGiftCard[]
}

/** A buyer posted a review through a review request (it waits for moderation). */
export interface ReviewPostedEvent {
  siteId: string
  reviewId: string
  stars: number
  /** The product's title. */
  product: string
  author: string
  text: string
}

/** Every domain event: its type and what it carries (JSON). */
export interface DomainEventMap {
  commerce_checkout_order_confirmed: OrderConfirmedEvent
  commerce_stock_set: StockSetEvent
  commerce_order_fulfilled: OrderFulfilledEvent
  commerce_order_refunded: OrderRefundedEvent
  commerce_gift_cards_issued: GiftCardsIssuedEvent
  reviews_review_posted: ReviewPostedEvent
}

export type EventType = keyof DomainEventMap

export interface Delivery {
  /** The event's id (the same for every subscriber and every attempt). */
  eventId: string
  /** 1 for the first run. */
  attempt: number
}

export type Raise = <K extends EventType>(type: K, event: DomainEventMap[K]) => Promise<void>

export interface DomainEvents {
  /** A durable subscriber: runs after the commit, at least once, through the job queue; `name` is unique per type. */
  subscribe<K extends EventType>(type: K, name: string, handler: (event: DomainEventMap[K], delivery: Delivery) => Promise<void>): void
  /** An in-process listener: runs on this node after the commit. Answers its removal. */
  on<K extends EventType>(type: K, listener: (event: DomainEventMap[K]) => void | Promise<void>): () => void
  /** Runs `fn` in one transaction of `orm`; what it raises is delivered if, and only if, the transaction commits. */
  transaction<T>(orm: Orm, fn: (tx: Orm, raise: Raise) => Promise<T>): Promise<T>
  /** Raises events on a transaction the caller runs; the in-process listeners run when `committed()` is called. */
  within(tx: Orm): { raise: Raise; committed(): Promise<void> }
  /** Raises one event in a transaction of its own. */
  publish<K extends EventType>(orm: Orm, type: K, event: DomainEventMap[K]): Promise<void>
}

interface EventJob {
  type: EventType
  subscriber: string
  eventId: string
  event: object
}

export function createEventBus(jobs: Jobs, log?: { warn(obj: object, msg: string): void }): DomainEvents {
  type Handler = (event: object, delivery: Delivery) => Promise<void>
  type Listener = (event: object) => void | Promise<void>
  const durable = new Map<EventType, Map<string, Handler>>()
  const local = new Map<EventType, Listener[]>()

  const queue = jobs.queue<EventJob>({
    name: 'domain-events',
    attempts: 8,
    retryDelaySeconds: 5,
    async run(job, info) {
      const handler = durable.get(job.type)?.get(job.subscriber)
      if (!handler) throw new Error(`no subscriber ${job.subscriber} of ${job.type}`)
      await handler(job.event, { eventId: job.eventId, attempt: info.attempt })
    },
  })

  function within(tx: Orm) {
    const raised: [EventType, object][] = []
    const raise: Raise = async (type, event) => {
      const eventId = newId()
      for (const subscriber of durable.get(type)?.keys() ?? []) await queue.send({ type, subscriber, eventId, event }, { tx })
      raised.push([type, event])
    }
    async function committed(): Promise<void> {
      for (const [type, event] of raised.splice(0)) {
        for (const fn of [...(local.get(type) ?? [])]) {
          try {
            await fn(event)
          } catch (e) {
            log?.warn({ err: e, event: type }, 'event listener failed')
          }
        }
      }
    }
    return { raise, committed }
  }

  const bus: DomainEvents = {
    subscribe(type, name, handler) {
      const of = durable.get(type) ?? new Map<string, Handler>()
      if (of.has(name)) throw new Error(`${type} has two subscribers named ${name}`)
      of.set(name, handler as Handler)
      durable.set(type, of)
    },
    on(type, listener) {
      const list = local.get(type) ?? []
      list.push(listener as Listener)
      local.set(type, list)
      return () => {
        const i = list.indexOf(listener as Listener)
        if (i >= 0) list.splice(i, 1)
      }
    },
    within,
    async transaction(orm, fn) {
      let w = within(orm)
      const result = await orm.transaction(async (tx) => {
        w = within(tx) // a retried transaction raises afresh
        return fn(tx, w.raise)
      })
      await w.committed()
      return result
    },
    async publish(orm, type, event) {
      if (durable.get(type)?.size) return bus.transaction(orm, (_tx, raise) => raise(type, event))
      const w = within(orm) // only in-process listeners: no job to write
      await w.raise(type, event)
      await w.committed()
    },
  }
  return bus
}
