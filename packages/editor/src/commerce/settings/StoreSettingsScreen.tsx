// Store settings: currency, interest-free instalment bounds (amounts in major units), instalments on or off,
// whether services can be bought in quantities above one, and express checkout; then the scarcity message.
import { useMemo, useState, type FormEvent } from 'react'
import { useUnsavedChanges } from '../../app/navigation.js'
import { CheckboxField, SelectField, TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatMoney, STORE_CURRENCIES, toMajor, toMinor } from '../money.js'
import type { StoreSettings } from '@sitewright/contracts'
import { ErrorSummary } from '../ui.js'
import { FEATURE_FLAGS } from '@sitewright/contracts'
import { FeatureOffer } from '../../plans/FeatureGate.js'
import { RestockCaptchaSetting } from './RestockCaptchaSetting.js'
import { ScarcitySettings } from './ScarcitySettings.js'

interface Draft {
  currency: string
  instalmentsEnabled: boolean
  min: string
  max: string
  multipleQuantityAllowedForServices: boolean
  expressCheckout: boolean
}

type Errors = Record<string, string>
const KNOWN = ['currency', 'instalmentsEnabled', 'instalmentMinCents', 'instalmentMaxCents', 'multipleQuantityAllowedForServices', 'expressCheckout']

function toDraft(s: StoreSettings): Draft {
  return {
    currency: s.currency,
    instalmentsEnabled: s.instalmentsEnabled,
    min: toMajor(s.instalmentMinCents, s.currency),
    max: toMajor(s.instalmentMaxCents, s.currency),
    multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices,
    expressCheckout: s.expressCheckout,
  }
}

/** The settings the draft stands for, or the messages under its fields. */
export function readSettingsDraft(d: Draft): { ok: true; settings: StoreSettings } | { ok: false; errors: Errors } {
  const errors: Errors = {}
  const min = toMinor(d.min, d.currency)
  const max = toMinor(d.max, d.currency)
  if (!min.ok) errors.instalmentMinCents = min.message
  if (!max.ok) errors.instalmentMaxCents = max.message
  if (min.ok && max.ok && max.minor < min.minor) errors.instalmentMaxCents = 'Must not be below the minimum.'
  if (!min.ok || !max.ok || Object.keys(errors).length) return { ok: false, errors }
  return {
    ok: true,
    settings: {
      currency: d.currency,
      instalmentsEnabled: d.instalmentsEnabled,
      instalmentMinCents: min.minor,
      instalmentMaxCents: max.minor,
      multipleQuantityAllowedForServices: d.multipleQuantityAllowedForServices,
      expressCheckout: d.expressCheckout,
    },
  }
}

export function StoreSettingsScreen() {
  const { api, settings, setSettings, siteId, mayChangePlan } = useCommerce()
  const [draft, setDraft] = useState(() => toDraft(settings))
  const [errors, setErrors] = useState<Errors>({})
  const [alert, setAlert] = useState<{ message: string; fields: Errors } | null>(null)
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle')
  const saved = useMemo(() => toDraft(settings), [settings])
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft)
  useUnsavedChanges(dirty)

  function change<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [key]: value }))
    setStatus('idle')
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const read = readSettingsDraft(draft)
    if (!read.ok) {
      setErrors(read.errors)
      return
    }
    setErrors({})
    setStatus('saving')
    const res = await api.updateSettings(read.settings)
    if (!res.ok) {
      setStatus('idle')
      setErrors(res.error.fields)
      const other = Object.fromEntries(Object.entries(res.error.fields).filter(([k]) => !KNOWN.includes(k)))
      setAlert({ message: res.error.message, fields: other })
      return
    }
    setSettings(res.data)
    setDraft(toDraft(res.data))
    setStatus('saved')
  }

  const min = toMinor(draft.min, draft.currency)
  const max = toMinor(draft.max, draft.currency)
  return (
    <>
    <form className="store-settings" onSubmit={onSubmit} noValidate aria-busy={status === 'saving'}>
      <h2>Store settings</h2>
      <ErrorSummary message={alert?.message ?? null} fields={alert?.fields} />
      <SelectField
        name="currency"
        label="Store currency"
        value={draft.currency}
        options={(STORE_CURRENCIES as readonly string[]).includes(draft.currency)
          ? STORE_CURRENCIES.map((c) => ({ value: c, label: c }))
          : [draft.currency, ...STORE_CURRENCIES].map((c) => ({ value: c, label: c }))}
        onChange={(v) => change('currency', v)}
        error={errors.currency}
        hint="Prices are stored in the currency's minor units; changing the currency does not convert them."
      />
      <fieldset>
        <legend>Interest-free instalments</legend>
        <CheckboxField
          name="instalmentsEnabled"
          label="Show instalment messaging on product pages"
          checked={draft.instalmentsEnabled}
          onChange={(v) => change('instalmentsEnabled', v)}
          error={errors.instalmentsEnabled}
        />
        <TextField
          name="instalmentMin"
          label={`Minimum order (${draft.currency})`}
          value={draft.min}
          onChange={(v) => change('min', v)}
          error={errors.instalmentMinCents}
          hint="Offered for prices above this amount."
        />
        <TextField
          name="instalmentMax"
          label={`Maximum order (${draft.currency})`}
          value={draft.max}
          onChange={(v) => change('max', v)}
          error={errors.instalmentMaxCents}
          hint={
            min.ok && max.ok
              ? `Offered from above ${formatMoney(min.minor, draft.currency)} up to ${formatMoney(max.minor, draft.currency)}.`
              : 'Offered up to and including this amount.'
          }
        />
      </fieldset>
      <fieldset>
        <legend>Services</legend>
        <CheckboxField
          name="multipleQuantityAllowedForServices"
          label="Allow buying a service in quantities above one"
          checked={draft.multipleQuantityAllowedForServices}
          onChange={(v) => change('multipleQuantityAllowedForServices', v)}
          error={errors.multipleQuantityAllowedForServices}
        />
      </fieldset>
      <fieldset>
        <legend>Checkout</legend>
        <CheckboxField
          name="expressCheckout"
          label="Express checkout: the product button reads “Purchase” and goes straight to checkout"
          checked={draft.expressCheckout}
          onChange={(v) => change('expressCheckout', v)}
          error={errors.expressCheckout}
        />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!dirty || status === 'saving'}>
          {status === 'saving' ? 'Saving…' : 'Save'}
        </button>
        <p className="save-status" role="status" aria-live="polite">
          {status === 'saved' ? 'Store settings saved' : dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
    </form>
    {/* the reference's "limited availability labels": a Commerce-plan feature */}
    <FeatureOffer flag={FEATURE_FLAGS.LIMITED_AVAILABILITY_LABELS} siteId={siteId} title="Low-stock message" mayChangePlan={mayChangePlan ?? true}>
      <ScarcitySettings load={api.scarcitySettings} save={api.saveScarcitySettings} />
    </FeatureOffer>
    <RestockCaptchaSetting load={api.restockCaptcha} save={api.setRestockCaptcha} />
    </>
  )
}
