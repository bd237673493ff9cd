// Payment providers. The built-in test-mode provider never touches a network: test card numbers decide; it keeps
// every payment's state in the database and refuses impossible moves.
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { NUM_INSTALMENTS } from './instalments.js'
import { testPayments, type Instalment, type PaymentMethod } from '../schema.js'
import type { PaymentState } from '@sitewright/contracts'

export interface CardInput {
  number: string
  expMonth: number
  expYear: number
  cvc: string
}

export interface ChargeRequest {
  siteId: string
  amountCents: number
  currency: string
  /** 'card' (the default) needs `card`; 'afterpay' / 'clearpay' is an instalment plan of NUM_INSTALMENTS payments. */
  method?: PaymentMethod | undefined
  card?: CardInput | undefined
  reference: string
}

/** `pending`: the payment awaits confirmation (the order is placed as 'pending' and shows ORDER_RECEIVED 207). */
export type AuthResult = { ok: true; ref: string; pending?: boolean } | { ok: false; code: string; message: string }

/** A payment as its provider keeps it. `state` sums up the amounts; refunds never exceed what was captured. */
export type { PaymentState }

export interface PaymentProvider {
  readonly id: string
  readonly testMode: boolean
  /** Reserves the amount (not yet taken); an instalment plan gets its schedule. */
  authorize(req: ChargeRequest): Promise<AuthResult>
  /** Takes an authorised amount after the order is committed (of an instalment plan: the first instalment). Once. */
  capture(ref: string): Promise<void>
  /** Releases what is authorised and not captured (an instalment plan's scheduled instalments); refused when nothing is left. */
  void(ref: string): Promise<void>
  /** Gives back part of what was captured; refused above the captured amount not yet refunded. */
  refund(ref: string, amountCents: number): Promise<void>
  /** The payment's state, or null when the provider does not know the reference. */
  status(ref: string): Promise<PaymentState | null>
  /**
   * Charges the card of an earlier payment again without the shopper (a subscription renewal); a success is
   * captured at once. Absent: the provider cannot charge again.
   */
  chargeAgain?(req: RepeatChargeRequest): Promise<AuthResult>
}

export interface RepeatChargeRequest {
  siteId: string
  amountCents: number
  currency: string
  /** The earlier payment whose card is charged. */
  previousRef: string
  reference: string
}

/**
 * Test cards: these succeed; `pending` is accepted but its payment awaits confirmation; the listed declines fail
 * with their message; any other number is declined.
 */
export const TEST_CARDS = {
  success: ['4242424242424242', '5555555555554444'],
  pending: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Succeeds at checkout; charging it again (a subscription renewal) is declined. */
  renewalDeclined: '4000000000000341',
} as const

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const DAY_MS = 24 * 60 * 60 * 1000
const INSTALMENT_INTERVAL_DAYS = 14

/**
 * The schedule of an instalment plan: NUM_INSTALMENTS payments two weeks apart from `start`; the amount is split
 * in whole minor units with the first ones rounded up (the first is instalmentAmount(), the last may be smaller).
 */
export function instalmentSchedule(amountCents: number, start: Date): Instalment[] {
  const base = Math.floor(amountCents / NUM_INSTALMENTS)
  const extra = amountCents - base * NUM_INSTALMENTS
  return Array.from({ length: NUM_INSTALMENTS }, (_, i) => ({
    number: i + 1,
    dueOn: new Date(start.getTime() + i * INSTALMENT_INTERVAL_DAYS * DAY_MS).toISOString().slice(0, 10),
    amountCents: base + (i < extra ? 1 : 0),
    status: 'scheduled' as const,
  }))
}

type PaymentRow = typeof testPayments.$inferSelect

function stateOf(r: PaymentRow): PaymentState {
  const state: PaymentState['state'] =
    r.state === 'captured' ? (r.refundedCents === 0 ? 'captured' : r.refundedCents === r.capturedCents ? 'refunded' : 'partially_refunded') : r.state
  return {
    ref: r.ref,
    method: r.method,
    state,
    currency: r.currency,
    authorizedCents: r.authorizedCents,
    capturedCents: r.capturedCents,
    voidedCents: r.voidedCents,
    refundedCents: r.refundedCents,
    instalments: r.instalments,
  }
}

const refuse = (code: string, message: string): never => {
  throw new AppError('conflict', code, message)
}

/**
 * The test-mode provider: no network, test card numbers decide (TEST_CARDS); instalment plans are approved.
 * Every payment is a row of commerce_test_payments, so its state outlives the process and every move is checked.
 */
export function createTestProvider(orm: Orm, now: () => Date = () => new Date()): PaymentProvider {
  const find = async (ref: string) => {
    const [row] = await orm.select().from(testPayments).where(eq(testPayments.ref, ref))
    return row ?? refuse('payment_not_found', 'The payment provider does not know this payment.')
  }
  /** Read, decide, write with the row's version (a concurrent move makes the write miss: read again). */
  const move = async (ref: string, next: (row: PaymentRow) => Partial<PaymentRow>) => {
    for (let attempt = 0; ; attempt++) {
      const row = await find(ref)
      const patch = next(row)
      const done = await orm
        .update(testPayments)
        .set({ ...patch, version: row.version + 1, updatedAt: now() })
        .where(and(eq(testPayments.ref, ref), eq(testPayments.version, row.version)))
        .returning({ ref: testPayments.ref })
      if (done.length === 1) return
      if (attempt >= 20) refuse('payment_busy', 'The payment is changing; try again.')
    }
  }
  const record = async (req: ChargeRequest, method: PaymentMethod, pending = false, cardLast4: string | null = null): Promise<AuthResult> => {
    const ref = `test_${randomBytes(12).toString('hex')}`
    const plan = method !== 'card' && req.amountCents > 0 ? instalmentSchedule(req.amountCents, now()) : null
    await orm.insert(testPayments).values({
      ref,
      siteId: req.siteId,
      reference: req.reference,
      method,
      currency: req.currency,
      authorizedCents: req.amountCents,
      instalments: plan,
      cardLast4,
    })
    return pending ? { ok: true, ref, pending: true } : { ok: true, ref }
  }
  return {
    id: 'test',
    testMode: true,
    async authorize(req) {
      const method = req.method ?? 'card'
      if (!Number.isInteger(req.amountCents) || req.amountCents < 0) return { ok: false, code: 'amount_invalid', message: 'The amount is not valid.' }
      if (req.amountCents === 0 || method !== 'card') return record(req, method)
      const card = req.card
      if (!card) return { ok: false, code: 'card_required', message: 'Enter a card to pay.' }
      const number = card.number.replace(/[\s-]/g, '')
      if (!luhnValid(number)) return { ok: false, code: 'card_invalid', message: 'The card number is not valid.' }
      const t = now()
      if (card.expYear < t.getUTCFullYear() || (card.expYear === t.getUTCFullYear() && card.expMonth < t.getUTCMonth() + 1)) {
        return { ok: false, code: 'card_expired', message: 'The card has expired.' }
      }
      if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, code: 'cvc_invalid', message: 'The security code is not valid.' }
      if (number === TEST_CARDS.insufficientFunds) return { ok: false, code: 'insufficient_funds', message: 'The card has insufficient funds.' }
      if (number === TEST_CARDS.pending) return record(req, method, true, number.slice(-4))
      if (number !== TEST_CARDS.renewalDeclined && !(TEST_CARDS.success as readonly string[]).includes(number)) return { ok: false, code: 'card_declined', message: 'The card was declined.' }
      return record(req, method, false, number.slice(-4))
    },
    async chargeAgain(req) {
      if (!Number.isInteger(req.amountCents) || req.amountCents < 0) return { ok: false, code: 'amount_invalid', message: 'The amount is not valid.' }
      const [prev] = await orm.select().from(testPayments).where(and(eq(testPayments.ref, req.previousRef), eq(testPayments.siteId, req.siteId)))
      if (!prev || prev.method !== 'card' || !prev.cardLast4) return { ok: false, code: 'card_required', message: 'There is no card to charge again.' }
      if (prev.cardLast4 === TEST_CARDS.renewalDeclined.slice(-4)) return { ok: false, code: 'card_declined', message: 'The card was declined.' }
      const r = await record({ siteId: req.siteId, amountCents: req.amountCents, currency: req.currency, reference: req.reference }, 'card', false, prev.cardLast4)
      if (r.ok) await orm.update(testPayments).set({ state: 'captured', capturedCents: req.amountCents, version: 1, updatedAt: now() }).where(eq(testPayments.ref, r.ref))
      return r
    },
    async capture(ref) {
      await move(ref, (r) => {
        if (r.state === 'voided') refuse('payment_voided', 'A voided payment cannot be captured.')
        if (r.state === 'captured') refuse('payment_already_captured', 'This payment has already been captured.')
        if (!r.instalments) return { state: 'captured', capturedCents: r.authorizedCents }
        // An instalment plan: the first instalment is taken now, the others on their due dates.
        const [first, ...rest] = r.instalments
        return { state: 'captured', capturedCents: first!.amountCents, instalments: [{ ...first!, status: 'captured' }, ...rest] }
      })
    },
    async void(ref) {
      await move(ref, (r) => {
        if (r.state === 'voided') refuse('payment_already_voided', 'This payment has already been voided.')
        if (r.state === 'authorized') {
          return { state: 'voided', voidedCents: r.authorizedCents, instalments: r.instalments?.map((i) => ({ ...i, status: 'cancelled' as const })) ?? null }
        }
        const scheduled = (r.instalments ?? []).filter((i) => i.status === 'scheduled')
        if (scheduled.length === 0) refuse('payment_captured', 'A captured payment cannot be voided; refund it instead.')
        return {
          voidedCents: r.voidedCents + scheduled.reduce((s, i) => s + i.amountCents, 0),
          instalments: r.instalments!.map((i) => (i.status === 'scheduled' ? { ...i, status: 'cancelled' as const } : i)),
        }
      })
    },
    async refund(ref, amountCents) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new AppError('invalid_data', 'refund_amount_invalid', 'A refund is a positive amount.')
      await move(ref, (r) => {
        if (r.state !== 'captured') refuse('payment_not_captured', 'Only a captured payment can be refunded.')
        if (r.refundedCents + amountCents > r.capturedCents) {
          refuse('refund_exceeds_captured', 'The refund is larger than what was captured and not yet refunded.')
        }
        return { refundedCents: r.refundedCents + amountCents }
      })
    },
    async status(ref) {
      const [row] = await orm.select().from(testPayments).where(eq(testPayments.ref, ref))
      return row ? stateOf(row) : null
    },
  }
}
