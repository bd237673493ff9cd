// The test-mode payment provider keeps each payment's state in the database and refuses impossible moves:
// capture twice, void after capture, refund above what was captured; instalment plans keep their schedule.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../../test/harness.js'
import { isAppError } from '../../../platform/errors.js'
import { createTestProvider, instalmentSchedule, TEST_CARDS, type PaymentProvider } from './payments.js'

let t: TestApp
let siteId: string
let provider: PaymentProvider
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const NOW = new Date('2026-03-02T10:00:00Z')

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  siteId = (await t.client().post('/api/auth/signup', newSignup())).json.site.id
  provider = createTestProvider(t.app.db.orm, () => NOW)
})
afterAll(async () => t?.close())

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (isAppError(e)) return e.code
    throw e
  }
  throw new Error('the move was not refused')
}

async function authorized(amountCents: number, extra: Partial<Parameters<PaymentProvider['authorize']>[0]> = {}): Promise<string> {
  const a = await provider.authorize({ siteId, amountCents, currency: 'USD', card: CARD, reference: 'order-x', ...extra })
  if (!a.ok) throw new Error(a.message)
  return a.ref
}

describe(`test-mode payment provider (${BACKEND})`, () => {
  it('keeps the state: authorized, captured, refunded in parts, never above the captured amount', async () => {
    const ref = await authorized(5000)
    expect(await provider.status(ref)).toMatchObject({ method: 'card', state: 'authorized', authorizedCents: 5000, capturedCents: 0, refundedCents: 0, instalments: null })
    expect(await refusal(provider.refund(ref, 100))).toBe('payment_not_captured')
    await provider.capture(ref)
    expect(await provider.status(ref)).toMatchObject({ state: 'captured', capturedCents: 5000 })
    expect(await refusal(provider.capture(ref))).toBe('payment_already_captured')
    expect(await refusal(provider.void(ref))).toBe('payment_captured')
    expect(await refusal(provider.refund(ref, 5001))).toBe('refund_exceeds_captured')
    expect(await refusal(provider.refund(ref, 0))).toBe('refund_amount_invalid')
    await provider.refund(ref, 2000)
    expect(await provider.status(ref)).toMatchObject({ state: 'partially_refunded', refundedCents: 2000 })
    expect(await refusal(provider.refund(ref, 3001))).toBe('refund_exceeds_captured')
    await provider.refund(ref, 3000)
    expect(await provider.status(ref)).toMatchObject({ state: 'refunded', capturedCents: 5000, refundedCents: 5000 })
    expect(await refusal(provider.refund(ref, 1))).toBe('refund_exceeds_captured')
  })

  it('a voided payment cannot be captured, voided again or refunded; unknown payments are refused', async () => {
    const ref = await authorized(1200)
    await provider.void(ref)
    expect(await provider.status(ref)).toMatchObject({ state: 'voided', voidedCents: 1200, capturedCents: 0 })
    expect(await refusal(provider.capture(ref))).toBe('payment_voided')
    expect(await refusal(provider.void(ref))).toBe('payment_already_voided')
    expect(await refusal(provider.refund(ref, 100))).toBe('payment_not_captured')
    expect(await refusal(provider.capture('test_nope'))).toBe('payment_not_found')
    expect(await provider.status('test_nope')).toBeNull()
  })

  it('declined cards record nothing; a pending card is authorized until captured', async () => {
    expect(await provider.authorize({ siteId, amountCents: 900, currency: 'USD', card: { ...CARD, number: TEST_CARDS.declined }, reference: 'r' })).toEqual({ ok: false, code: 'card_declined', message: 'The card was declined.' })
    const pending = await provider.authorize({ siteId, amountCents: 900, currency: 'USD', card: { ...CARD, number: TEST_CARDS.pending }, reference: 'r' })
    expect(pending).toMatchObject({ ok: true, pending: true })
    const ref = (pending as { ref: string }).ref
    expect((await provider.status(ref))?.state).toBe('authorized')
  })

  it('concurrent captures of one payment: exactly one succeeds', async () => {
    const ref = await authorized(700)
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => provider.capture(ref)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((await provider.status(ref))?.capturedCents).toBe(700)
  })

  it('an instalment plan: 4 payments two weeks apart, the first captured; void releases the scheduled rest', async () => {
    expect(instalmentSchedule(10001, NOW).map((i) => i.amountCents)).toEqual([2501, 2500, 2500, 2500])
    expect(instalmentSchedule(10003, NOW).map((i) => i.amountCents)).toEqual([2501, 2501, 2501, 2500])
    const ref = await authorized(10001, { method: 'afterpay', card: undefined })
    await provider.capture(ref)
    const p = await provider.status(ref)
    expect(p).toMatchObject({ method: 'afterpay', state: 'captured', authorizedCents: 10001, capturedCents: 2501 })
    expect(p!.instalments).toEqual([
      { number: 1, dueOn: '2026-03-02', amountCents: 2501, status: 'captured' },
      { number: 2, dueOn: '2026-03-16', amountCents: 2500, status: 'scheduled' },
      { number: 3, dueOn: '2026-03-30', amountCents: 2500, status: 'scheduled' },
      { number: 4, dueOn: '2026-04-13', amountCents: 2500, status: 'scheduled' },
    ])
    expect(await refusal(provider.capture(ref))).toBe('payment_already_captured')
    expect(await refusal(provider.refund(ref, 2502))).toBe('refund_exceeds_captured')
    await provider.void(ref)
    expect((await provider.status(ref))!.instalments!.map((i) => i.status)).toEqual(['captured', 'cancelled', 'cancelled', 'cancelled'])
    expect(await refusal(provider.void(ref))).toBe('payment_captured')
    await provider.refund(ref, 2501)
    expect(await provider.status(ref)).toMatchObject({ state: 'refunded', capturedCents: 2501, voidedCents: 7500, refundedCents: 2501 })
  })
})

describe(`the provider's money never goes wrong, whatever the moves (fast-check, ${BACKEND})`, () => {
  type Move = { kind: 'capture' } | { kind: 'void' } | { kind: 'refund'; amountCents: number }
  const move: fc.Arbitrary<Move> = fc.oneof(
    fc.constant({ kind: 'capture' as const }),
    fc.constant({ kind: 'void' as const }),
    fc.integer({ min: -5, max: 12_000 }).map((amountCents) => ({ kind: 'refund' as const, amountCents })),
  )
  it('refunds never exceed captures, captures never exceed the authorisation; a refused move changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.array(move, { minLength: 1, maxLength: 6 }), async (amountCents, moves) => {
        const ref = await authorized(amountCents)
        let model = { captured: 0, refunded: 0, voided: 0 }
        for (const m of moves) {
          const before = await provider.status(ref)
          let refused = false
          try {
            if (m.kind === 'capture') await provider.capture(ref)
            else if (m.kind === 'void') await provider.void(ref)
            else await provider.refund(ref, m.amountCents)
          } catch (e) {
            if (!isAppError(e)) throw e
            refused = true
          }
          const after = (await provider.status(ref))!
          if (refused) expect(after).toEqual(before)
          // what a correct provider allows, from the model alone
          const open = amountCents - model.captured - model.voided
          const allowed = m.kind === 'capture' ? model.captured === 0 && open > 0 : m.kind === 'void' ? open > 0 : m.amountCents > 0 && m.amountCents <= model.captured - model.refunded
          expect(!refused, `${m.kind} ${JSON.stringify(m)} on ${JSON.stringify(model)}`).toBe(allowed)
          if (!refused) {
            if (m.kind === 'capture') model = { ...model, captured: amountCents }
            else if (m.kind === 'void') model = { ...model, voided: open }
            else model = { ...model, refunded: model.refunded + m.amountCents }
          }
          expect(after).toMatchObject({ authorizedCents: amountCents, capturedCents: model.captured, refundedCents: model.refunded, voidedCents: model.voided })
          expect(after.refundedCents).toBeLessThanOrEqual(after.capturedCents)
          expect(after.capturedCents + after.voidedCents).toBeLessThanOrEqual(after.authorizedCents)
        }
      }),
      { numRuns: 25, seed: 33 },
    )
  }, 60_000)
})
