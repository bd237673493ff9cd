// changePlan: the plan-change flow. The card is charged through the payment provider (the test-mode one: its test
// cards decide); a paid charge puts the site on the plan and records a paid invoice in one transaction, then the
// payment is captured; a refused card records a failed invoice and answers the provider's message (422).
import { planSpec, priceOf, type PlanChangeInput, type PlanChangeResult } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { billingInvoices } from './schema.js'
import { invoiceView, planView, setPlan, type PlanState } from './service.js'

/** The part of a payment provider plan changes use (commerce's test-mode provider). */
export interface BillingPayments {
  authorize(req: {
    siteId: string
    amountCents: number
    currency: string
    card: PlanChangeInput['card']
    reference: string
  }): Promise<{ ok: true; ref: string; pending?: boolean } | { ok: false; code: string; message: string }>
  capture(ref: string): Promise<void>
  void(ref: string): Promise<void>
}

const PENDING_REFUSED = 'This card needs the payment to be confirmed later, which plans cannot wait for. Please use another card.'

export async function changePlan(
  orm: Orm,
  payments: BillingPayments,
  siteId: string,
  current: PlanState,
  input: PlanChangeInput,
  now: Date,
): Promise<PlanChangeResult> {
  if (current.plan === input.plan && current.interval === input.interval) {
    throw new AppError('conflict', 'already_on_plan', `This site is already on the ${planSpec(input.plan).name} plan, billed ${input.interval}.`)
  }
  const id = newId()
  const amountCents = priceOf(input.plan, input.interval)
  const base = { id, siteId, plan: input.plan, interval: input.interval, amountCents, currency: 'USD', createdAt: now }
  const last4 = input.card.number.replace(/\D/g, '').slice(-4) || null
  const auth = await payments.authorize({ siteId, amountCents, currency: 'USD', card: input.card, reference: `plan:${id}` })
  if (!auth.ok || auth.pending) {
    const message = auth.ok ? PENDING_REFUSED : auth.message
    if (auth.ok) await payments.void(auth.ref)
    await orm.insert(billingInvoices).values({ ...base, status: 'failed', cardLast4: last4, failure: message, paymentRef: auth.ok ? auth.ref : null })
    throw new AppError('unprocessable', auth.ok ? 'card_pending' : auth.code, message)
  }
  const row = await orm.transaction(async (tx) => {
    await setPlan(tx, siteId, input.plan, input.interval)
    const [inv] = await tx.insert(billingInvoices).values({ ...base, status: 'paid', cardLast4: last4, paymentRef: auth.ref }).returning()
    return inv!
  })
  await payments.capture(auth.ref)
  return { current: planView({ plan: input.plan, interval: input.interval, trialEndsAt: null }, now), invoice: invoiceView(row) }
}
