// Store settings, scarcity: the product page's low-stock message ('Only {qtyInStock} left in stock!'), shown for
// variants with at most the threshold in stock; shown by default, or only for the variant the shopper chose.
import { useEffect, useState, type FormEvent } from 'react'
import { SCARCITY_QTY_PLACEHOLDER, type ScarcitySettings as Settings } from '@sitewright/contracts'
import type { ApiResult } from '../../api/client.js'
import { CheckboxField, TextField } from '../../ui/fields.js'
import { ErrorSummary } from '../ui.js'

interface Draft {
  scarcityEnabled: boolean
  threshold: string
  scarcityText: string
  scarcityShownByDefault: boolean
}

type Errors = Record<string, string>

const toDraft = (s: Settings): Draft => ({ scarcityEnabled: s.scarcityEnabled, threshold: String(s.scarcityThreshold), scarcityText: s.scarcityText, scarcityShownByDefault: s.scarcityShownByDefault })

/** The settings the draft stands for, or the messages under its fields (the server checks the same rules). */
export function readScarcityDraft(d: Draft): { ok: true; settings: Settings } | { ok: false; errors: Errors } {
  const errors: Errors = {}
  const threshold = Number(d.threshold.trim())
  if (!/^\d+$/.test(d.threshold.trim()) || threshold < 1 || threshold > 9999) errors.scarcityThreshold = 'Enter a whole number from 1 to 9999.'
  if (!d.scarcityText.includes(SCARCITY_QTY_PLACEHOLDER)) errors.scarcityText = `Include ${SCARCITY_QTY_PLACEHOLDER} in the message.`
  else if (d.scarcityText.length > 200) errors.scarcityText = 'Use at most 200 characters.'
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, settings: { scarcityEnabled: d.scarcityEnabled, scarcityThreshold: threshold, scarcityText: d.scarcityText, scarcityShownByDefault: d.scarcityShownByDefault } }
}

export interface ScarcitySettingsProps {
  load(): Promise<ApiResult<Settings>>
  save(s: Settings): Promise<ApiResult<Settings>>
}

export function ScarcitySettings({ load, save }: ScarcitySettingsProps) {
  const [saved, setSaved] = useState<Draft | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle')

  useEffect(() => {
    let live = true
    void load().then((res) => {
      if (!live) return
      if (!res.ok) return setAlert(res.error.message)
      setSaved(toDraft(res.data))
      setDraft(toDraft(res.data))
    })
    return () => {
      live = false
    }
  }, [load])

  if (!draft || !saved) return alert ? <ErrorSummary message={alert} /> : <p role="status">Loading scarcity settings…</p>
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft)
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft({ ...draft, [key]: value })
    setStatus('idle')
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const read = readScarcityDraft(draft!)
    if (!read.ok) return setErrors(read.errors)
    setErrors({})
    setStatus('saving')
    const res = await save(read.settings)
    if (!res.ok) {
      setStatus('idle')
      setErrors(res.error.fields)
      setAlert(res.error.message)
      return
    }
    setSaved(toDraft(res.data))
    setDraft(toDraft(res.data))
    setStatus('saved')
  }

  return (
    <form className="store-settings scarcity-settings" onSubmit={onSubmit} noValidate aria-busy={status === 'saving'}>
      <h2>Scarcity message</h2>
      <ErrorSummary message={alert} />
      <CheckboxField name="scarcityEnabled" label="Show a low-stock message on product pages" checked={draft.scarcityEnabled} onChange={(v) => change('scarcityEnabled', v)} error={errors.scarcityEnabled} />
      <TextField name="scarcityThreshold" label="Show it at or below this stock" value={draft.threshold} onChange={(v) => change('threshold', v)} error={errors.scarcityThreshold} hint="Variants with unlimited stock never show it." />
      <TextField name="scarcityText" label="Message" value={draft.scarcityText} onChange={(v) => change('scarcityText', v)} error={errors.scarcityText} hint={`${SCARCITY_QTY_PLACEHOLDER} becomes the number left.`} />
      <CheckboxField name="scarcityShownByDefault" label="Show it before a variant is chosen" checked={draft.scarcityShownByDefault} onChange={(v) => change('scarcityShownByDefault', v)} error={errors.scarcityShownByDefault} hint="Otherwise a product with several variants shows it for the chosen variant only." />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!dirty || status === 'saving'}>
          {status === 'saving' ? 'Saving…' : 'Save'}
        </button>
        <p className="save-status" role="status" aria-live="polite">
          {status === 'saved' ? 'Scarcity settings saved' : dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
    </form>
  )
}
