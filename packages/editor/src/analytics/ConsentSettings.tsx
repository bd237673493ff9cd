// Tracking and cookie-banner settings (ADMIN): banner on/off and texts, restrictive mode, tracking off, and the
// owner's third-party tag (script address, tag id) and pixel id, which run only after consent.
import { useEffect, useState } from 'react'
import { CheckboxField, FormAlert, TextField } from '../ui/fields.js'
import type { AnalyticsApi, TrackingSettings } from './api.js'

export function ConsentSettings({ api }: { api: AnalyticsApi }) {
  const [s, setS] = useState<TrackingSettings | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  useEffect(() => {
    void api.settings().then((r) => (r.ok ? setS(r.data) : setError(r.error.message)))
  }, [api])
  if (!s) return error ? <FormAlert message={error} /> : null
  const set = (patch: Partial<TrackingSettings>) => {
    setS({ ...s, ...patch })
    setSaved(false)
  }
  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    const { disabled, bannerEnabled, restrictive, bannerText, acceptText, declineText, tagUrl, analyticsTag, pixelId } = s
    const r = await api.saveSettings({ disabled, bannerEnabled, restrictive, bannerText, acceptText, declineText, tagUrl, analyticsTag, pixelId })
    if (r.ok) {
      setS(r.data)
      setError(null)
      setFields({})
      setSaved(true)
    } else {
      setError(r.error.message)
      setFields(r.error.fields)
    }
  }
  return (
    <form className="analytics-card consent-settings" onSubmit={save} aria-labelledby="consent-heading">
      <h3 id="consent-heading">Tracking and cookie banner</h3>
      <FormAlert message={error} />
      <CheckboxField name="bannerEnabled" label="Show a cookie banner and track only after consent" checked={s.bannerEnabled} onChange={(v) => set({ bannerEnabled: v })} />
      <CheckboxField name="restrictive" label="Restrictive mode: no analytics cookies without consent" checked={s.restrictive} onChange={(v) => set({ restrictive: v })} />
      <CheckboxField name="disabled" label="Turn visitor tracking off" checked={s.disabled} onChange={(v) => set({ disabled: v })} />
      <TextField name="bannerText" label="Banner text" value={s.bannerText} maxLength={1000} error={fields.bannerText} onChange={(v) => set({ bannerText: v })} />
      <TextField name="acceptText" label="Accept button" value={s.acceptText} maxLength={60} error={fields.acceptText} onChange={(v) => set({ acceptText: v })} />
      <TextField name="declineText" label="Decline button" value={s.declineText} maxLength={60} error={fields.declineText} onChange={(v) => set({ declineText: v })} />
      <h4>Third-party analytics (loaded only after consent)</h4>
      <TextField name="tagUrl" label="Tag script address (https)" value={s.tagUrl} maxLength={300} error={fields.tagUrl} onChange={(v) => set({ tagUrl: v.trim() })} />
      <TextField name="analyticsTag" label="Tag id" value={s.analyticsTag} maxLength={40} error={fields.analyticsTag} onChange={(v) => set({ analyticsTag: v.trim() })} />
      <TextField name="pixelId" label="Pixel id" value={s.pixelId} maxLength={40} error={fields.pixelId} onChange={(v) => set({ pixelId: v.trim() })} />
      <div className="consent-actions">
        <button type="submit" className="button primary">Save</button>
        {saved ? <span role="status">Saved</span> : null}
      </div>
    </form>
  )
}
