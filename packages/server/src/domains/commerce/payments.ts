// Payment providers. The built-in test-mode provider never touches a network: test card numbers decide.
import { randomBytes } from 'node:crypto'

export interface CardInput {
  number: string
  expMonth: number
  expYear: number
  cvc: string
}

export interface ChargeRequest {
  amountCents: number
  currency: string
  card?: CardInput | undefined
  reference: string
}

/** `pending`: the payment awaits confirmation (the order is placed as 'pending' and shows ORDER_RECEIVED 207). */
export type AuthResult = { ok: true; ref: string; pending?: boolean } | { ok: false; code: string; message: string }

export interface PaymentProvider {
  readonly id: string
  readonly testMode: boolean
  /** Reserves the amount (not yet taken). */
  authorize(req: ChargeRequest): Promise<AuthResult>
  /** Takes an authorised amount after the order is committed. */
  capture(ref: string): Promise<void>
  /** Releases an authorisation whose order was not placed. */
  void(ref: string): Promise<void>
  refund(ref: string, amountCents: number): Promise<void>
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

export function createTestProvider(now: () => Date = () => new Date()): PaymentProvider {
  const auths = new Map<string, { amountCents: number; state: 'authorized' | 'captured' | 'voided' | 'refunded' }>()
  return {
    id: 'test',
    testMode: true,
    async authorize(req) {
      if (req.amountCents === 0) return { ok: true, ref: 'test_free' }
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
      if (number === TEST_CARDS.pending) {
        const ref = `test_${randomBytes(8).toString('hex')}`
        auths.set(ref, { amountCents: req.amountCents, state: 'authorized' })
        return { ok: true, ref, pending: true }
      }
      if (!(TEST_CARDS.success as readonly string[]).includes(number)) return { ok: false, code: 'card_declined', message: 'The card was declined.' }
      const ref = `test_${randomBytes(8).toString('hex')}`
      auths.set(ref, { amountCents: req.amountCents, state: 'authorized' })
      return { ok: true, ref }
    },
    async capture(ref) {
      const a = auths.get(ref)
      if (a) a.state = 'captured'
    },
    async void(ref) {
      const a = auths.get(ref)
      if (a) auths.delete(ref)
    },
    async refund(ref) {
      auths.delete(ref)
    },
  }
}
