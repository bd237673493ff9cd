// Commerce -> Abandoned checkouts: the recovery settings (on/off, the delay before the first reminder, how many
// reminders, the coupon the link applies), the figures (abandoned, recovered, recovered revenue) and the list of
// checkouts with their value, status and the reminders sent.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { RECOVERY_DELAY_HOURS, RECOVERY_MAX_REMINDERS, type AbandonedCheckout, type AbandonedCheckoutPage, type RecoverySettings } from '@sitewright/contracts'
import { CheckboxField, SelectField, TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatDate, LoadError, Loading } from '../ui.js'
import { useSettingsForm } from '../useSettingsForm.js'
import './recovery.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: AbandonedCheckoutPage }
const STATUS: Record<AbandonedCheckout['status'], string> = { in_progress: 'In progress', abandoned: 'Abandoned', recovered: 'Recovered' }

export function AbandonedCheckoutsScreen() {
  const { api, timeZone } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [page, setPage] = useState(1)

  const fetchPage = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.abandonedCheckouts(page)
    setLoad(res.ok ? { status: 'ready', page: res.data } : { status: 'error', message: res.error.message })
  }, [api, page])
  useEffect(() => {
    void fetchPage()
  }, [fetchPage])

  const data = load.status === 'ready' ? load.page : null
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    <div className="recovery">
      <RecoveryForm />
      {load.status === 'loading' && <Loading what="abandoned checkouts" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchPage()} />}
      {data && (
        <>
          <dl className="recovery-figures" aria-label="Recovery figures">
            <div>
              <dt>Abandoned</dt>
              <dd data-figure="abandoned">{data.metrics.abandoned}</dd>
            </div>
            <div>
              <dt>Recovered</dt>
              <dd data-figure="recovered">{data.metrics.recovered}</dd>
            </div>
            <div>
              <dt>Recovered revenue</dt>
              <dd data-figure="recovered-revenue">{data.metrics.recoveredRevenue}</dd>
            </div>
          </dl>
          {data.checkouts.length === 0 ? (
            <p>No abandoned checkouts yet. A checkout shows here once a shopper gives an email and leaves without paying.</p>
          ) : (
            <table className="data-table recovery-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Value</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reminders sent</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {data.checkouts.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.email}</th>
                    <td data-label="Value">{c.value}</td>
                    <td data-label="Status">
                      {STATUS[c.status]}
                      {c.orderNumber !== null && ` (order #${c.orderNumber})`}
                    </td>
                    <td data-label="Reminders sent">
                      {c.remindersSent}
                      {c.lastReminderOn !== null && `, last ${formatDate(c.lastReminderOn, timeZone)}`}
                      {!c.mailable && ' · not mailed (no consent or unsubscribed)'}
                    </td>
                    <td data-label="Started">{formatDate(c.createdOn, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 && (
            <nav className="pager" aria-label="Abandoned checkout pages">
              <button type="button" className="button secondary small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="button secondary small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  )
}

interface Draft {
  enabled: boolean
  delayHours: string
  reminders: string
  couponCode: string
}
const draftOf = (s: RecoverySettings): Draft => ({ enabled: s.enabled, delayHours: String(s.delayHours), reminders: String(s.reminders), couponCode: s.couponCode ?? '' })

function RecoveryForm() {
  const { api } = useCommerce()
  const load = useCallback(() => api.recoverySettings(), [api])
  const { draft, set, errors, setErrors, notice, saving, save } = useSettingsForm(load, draftOf)
  if (!draft) return <Loading what="recovery settings" />

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!draft) return
    const delay = Number(draft.delayHours)
    if (!/^\d+$/.test(draft.delayHours.trim()) || delay < RECOVERY_DELAY_HOURS.min || delay > RECOVERY_DELAY_HOURS.max) return setErrors({ delayHours: 'The delay is 1 to 48 hours.' })
    await save(() => api.saveRecoverySettings({ enabled: draft.enabled, delayHours: delay, reminders: Number(draft.reminders), couponCode: draft.couponCode.trim() || null }), 'Recovery settings saved.')
  }

  return (
    <form className="recovery-form panel" onSubmit={submit} noValidate aria-label="Recovery settings">
      <h2>Recovery emails</h2>
      <p className="hint">
        When a shopper gives an email at checkout and does not pay, they get a link back to their cart. Only shoppers who
        agree get it (the box at checkout), never after they paid, and each reminder can stop the rest.
      </p>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <CheckboxField name="enabled" label="Send recovery emails" checked={draft.enabled} onChange={(v) => set('enabled', v)} />
      <div className="field-row">
        <TextField name="delayHours" label="Hours before the first email (1-48)" value={draft.delayHours} onChange={(v) => set('delayHours', v)} error={errors.delayHours} inputMode="numeric" />
        <SelectField
          name="reminders"
          label="Emails per checkout"
          value={draft.reminders}
          onChange={(v) => set('reminders', v)}
          error={errors.reminders}
          options={Array.from({ length: RECOVERY_MAX_REMINDERS }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1 email' : `${i + 1} emails, a day apart` }))}
        />
      </div>
      <TextField name="couponCode" label="Coupon code the link applies (optional)" value={draft.couponCode} onChange={(v) => set('couponCode', v)} error={errors.couponCode} maxLength={40} />
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
