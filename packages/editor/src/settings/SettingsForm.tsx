// The website settings form: client-side validation, the server's per-field messages under the fields,
// a saved confirmation, and the unsaved-changes guard.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import type { ApiResult } from '../api/client.js'
import type { SiteId, WebsiteSettings } from '../api/types.js'
import { useUnsavedChanges } from '../app/navigation.js'
import { FormAlert } from '../ui/fields.js'
import { SettingsFields } from './SettingsFields.js'
import { changedFields, validateSettings, type SettingsErrors } from './validation.js'

interface Props {
  /** The site whose files the icon is chosen from (no icon field without it). */
  siteId?: SiteId
  initial: WebsiteSettings
  save(patch: Partial<WebsiteSettings>): Promise<ApiResult<{ settings: WebsiteSettings }>>
  onSaved?(settings: WebsiteSettings): void
}

const KNOWN = new Set<string>([
  'title',
  'commentsEnabled',
  'disqusShortName',
  'simpleLikingEnabled',
  'likesRequireSignIn',
  'timeZone',
  'useCLDRMoneyFormat',
  'currency',
  'locale',
  'iconImageId',
])

export function SettingsForm({ siteId, initial, save, onSaved }: Props) {
  const [saved, setSaved] = useState(initial)
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<SettingsErrors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle')
  const [focusTick, setFocusTick] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  const changes = useMemo(() => changedFields(saved, draft), [saved, draft])
  const dirty = Object.keys(changes).length > 0
  useUnsavedChanges(dirty)

  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusTick])

  function change<K extends keyof WebsiteSettings>(key: K, value: WebsiteSettings[K]) {
    setDraft((d) => ({ ...d, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
    setStatus('idle')
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const found = validateSettings(draft)
    setErrors(found)
    if (Object.keys(found).length) {
      setFocusTick((t) => t + 1)
      return
    }
    if (!dirty) return
    setStatus('saving')
    const res = await save(changes)
    if (!res.ok) {
      setStatus('idle')
      const fields = res.error.fields
      setErrors(fields)
      const other = Object.entries(fields).filter(([k]) => !KNOWN.has(k))
      setAlert([res.error.message, ...other.map(([k, m]) => `${k}: ${m}`)].join(' '))
      setFocusTick((t) => t + 1)
      return
    }
    setSaved(res.data.settings)
    setDraft(res.data.settings)
    setStatus('saved')
    onSaved?.(res.data.settings)
  }

  return (
    <form
      ref={formRef}
      className="settings-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={status === 'saving'}
    >
      <FormAlert message={alert} />
      <SettingsFields siteId={siteId} draft={draft} errors={errors} change={change} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!dirty || status === 'saving'}>
          {status === 'saving' ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={!dirty || status === 'saving'}
          onClick={() => {
            setDraft(saved)
            setErrors({})
            setAlert(null)
          }}
        >
          Reset
        </button>
        <p className="save-status" role="status" aria-live="polite">
          {status === 'saved' ? 'Settings saved' : dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
    </form>
  )
}
