// Commerce -> Gift cards: the reminder settings (the balance reminder after N months, an expiry where the
// country's rules allow one, the notice before it, the country). The server checks the expiry against the
// country's rules (contracts GIFT_CARD_EXPIRY_RULES) and answers a 400 with the field.
import { useCallback, type FormEvent } from 'react'
import { GIFT_CARD_BALANCE_MONTHS, GIFT_CARD_NOTICE_DAYS, giftCardExpiryRule, type GiftCardReminderSettings } from '@sitewright/contracts'
import { CheckboxField, TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { Loading } from '../ui.js'
import { useSettingsForm } from '../useSettingsForm.js'

interface Draft {
  balanceReminder: boolean
  balanceMonths: string
  expiryMonths: string
  noticeDays: string
  country: string
}
const draftOf = (s: GiftCardReminderSettings): Draft => ({ balanceReminder: s.balanceReminder, balanceMonths: String(s.balanceMonths), expiryMonths: s.expiryMonths === null ? '' : String(s.expiryMonths), noticeDays: String(s.noticeDays), country: s.country })
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN)

/** What the country's rules say, for the expiry field's hint. */
function ruleText(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country.trim())) return 'Enter the two-letter country code of the shop.'
  const r = giftCardExpiryRule(country.trim())
  return r.expiryAllowed ? `Here cards may expire no sooner than ${r.minMonths} months after purchase. Leave empty for cards that never expire.` : 'Gift cards may not expire in this country.'
}

export function GiftCardRemindersForm() {
  const { api } = useCommerce()
  const load = useCallback(() => api.giftCardReminderSettings(), [api])
  const { draft, set, errors, setErrors, notice, saving, save } = useSettingsForm(load, draftOf)
  if (!draft) return <Loading what="gift-card reminder settings" />

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!draft) return
    const expiry = draft.expiryMonths.trim() === '' ? null : whole(draft.expiryMonths)
    if (Number.isNaN(expiry)) return setErrors({ expiryMonths: 'A whole number of months.' })
    await save(() => api.saveGiftCardReminderSettings({ balanceReminder: draft.balanceReminder, balanceMonths: whole(draft.balanceMonths), expiryMonths: expiry, noticeDays: whole(draft.noticeDays), country: draft.country.trim() }), 'Gift-card reminder settings saved.')
  }

  return (
    <form className="recovery-form panel gift-card-reminders" onSubmit={submit} noValidate aria-label="Gift-card reminders">
      <h2>Gift-card reminders</h2>
      <p className="hint">
        Each email goes once per card, to its recipient, only where they may be mailed, and every email lets them stop the rest.
      </p>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <CheckboxField name="balanceReminder" label="Remind holders of an unused balance" checked={draft.balanceReminder} onChange={(v) => set('balanceReminder', v)} />
      <div className="field-row">
        <TextField name="balanceMonths" label={`Months after purchase (${GIFT_CARD_BALANCE_MONTHS.min}-${GIFT_CARD_BALANCE_MONTHS.max})`} value={draft.balanceMonths} onChange={(v) => set('balanceMonths', v)} error={errors.balanceMonths} inputMode="numeric" />
        <TextField name="country" label="Shop country (two letters)" value={draft.country} onChange={(v) => set('country', v.toUpperCase())} error={errors.country} maxLength={2} />
      </div>
      <div className="field-row">
        <TextField name="expiryMonths" label="New cards expire after (months, optional)" value={draft.expiryMonths} onChange={(v) => set('expiryMonths', v)} error={errors.expiryMonths} inputMode="numeric" />
        <TextField name="noticeDays" label={`Expiry notice, days before (${GIFT_CARD_NOTICE_DAYS.min}-${GIFT_CARD_NOTICE_DAYS.max})`} value={draft.noticeDays} onChange={(v) => set('noticeDays', v)} error={errors.noticeDays} inputMode="numeric" />
      </div>
      {/* the rule once: while the server's refusal of the expiry shows under its field, the hint would say it again */}
      {!errors.expiryMonths && <p className="hint">{ruleText(draft.country)}</p>}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
        <span role="status" className="notice">
          {notice}
        </span>
      </div>
    </form>
  )
}
