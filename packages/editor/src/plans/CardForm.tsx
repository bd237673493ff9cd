// Pays for a plan with a card of the test-mode provider; the server's message is shown as it is (declined cards).
import { useState } from 'react'
import type { BillingInterval, PlanChangeInput, PlanOffer } from '@sitewright/contracts'
import { TextField } from '../ui/fields.js'

export interface CardFormProps {
  plan: PlanOffer
  interval: BillingInterval
  busy: boolean
  error: string | null
  fields: Record<string, string>
  onPay(card: PlanChangeInput['card']): void
  onCancel(): void
}

/** Reads 'MM/YY' or 'MM/YYYY'; null when it is neither. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text)
  if (!m) return null
  const month = Number(m[1])
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  return month >= 1 && month <= 12 ? { expMonth: month, expYear: year } : null
}

export function CardForm({ plan, interval, busy, error, fields, onPay, onCancel }: CardFormProps) {
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [expiryError, setExpiryError] = useState<string | undefined>(undefined)
  const price = interval === 'annual' ? `${plan.annual} a year` : `${plan.monthly} a month`
  return (
    <form
      className="card-form"
      aria-labelledby="card-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const exp = parseExpiry(expiry)
        setExpiryError(exp ? undefined : 'Enter the expiry date as MM/YY.')
        if (exp) onPay({ number, cvc, ...exp })
      }}
    >
      <h2 id="card-form-title">
        Pay for {plan.name}: {price}
      </h2>
      <p className="field-hint">
        Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry date and any
        3-digit code.
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <TextField
        label="Card number"
        name="card-number"
        value={number}
        onChange={setNumber}
        autoComplete="cc-number"
        inputMode="numeric"
        error={fields['card.number']}
        required
      />
      <div className="card-row">
        <TextField
          label="Expiry (MM/YY)"
          name="card-expiry"
          value={expiry}
          onChange={setExpiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          error={expiryError ?? fields['card.expMonth'] ?? fields['card.expYear']}
          required
        />
        <TextField
          label="Security code"
          name="card-cvc"
          value={cvc}
          onChange={setCvc}
          autoComplete="cc-csc"
          inputMode="numeric"
          error={fields['card.cvc']}
          required
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Paying…' : `Pay ${interval === 'annual' ? plan.annual : plan.monthly} and change plan`}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
