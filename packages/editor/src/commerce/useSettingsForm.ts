// A commerce settings form's state: the draft read from the server, per-field and form errors, the saved notice and
// the saving flag. Editing a field clears its error and the form's; a save shows the server's field messages as
// they are, or puts the saved settings back into the draft with `savedText`. A refusal is said once: by its fields
// when the form has them, the form's line only for what no field of the form shows (refusalErrors).
import { useEffect, useState } from 'react'
import type { ApiResult } from '../api/client.js'

/**
 * A server refusal as the form's errors: each field message by the form's field of that name, and the form's line
 * (`form`) with the refusal's message only when some of it is not shown by a field: no field named, a field the form
 * does not have, or a message none of its fields repeats. So 'Gift cards may not expire in this country.' shows once,
 * under the expiry, not also above the form.
 */
export function refusalErrors(error: { message: string; fields: Record<string, string> }, formFields: readonly string[]): Record<string, string> {
  const own = Object.entries(error.fields).filter(([name, text]) => formFields.includes(name) && text)
  const elsewhere = Object.entries(error.fields).filter(([name, text]) => !formFields.includes(name) && text)
  const said = new Set(own.map(([, text]) => text))
  const errors: Record<string, string> = Object.fromEntries(own)
  if (own.length === 0) errors.form = [error.message, ...elsewhere.map(([, t]) => t).filter((t) => t !== error.message)].join(' ')
  else if (elsewhere.length > 0) errors.form = elsewhere.map(([, t]) => t).join(' ')
  else if (!said.has(error.message) && !/^Please correct the .+ fields?: /.test(error.message)) errors.form = error.message
  return errors
}

/** `load` and `draftOf` must keep their identity between renders (module functions, or useCallback): they are read again when they change. */
export function useSettingsForm<S, D extends object>(load: () => Promise<ApiResult<S>>, draftOf: (s: S) => D) {
  const [draft, setDraft] = useState<D | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState('')
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    let live = true
    void load().then((r) => live && r.ok && setDraft(draftOf(r.data)))
    return () => {
      live = false
    }
  }, [load, draftOf])
  const set = <K extends keyof D>(key: K, value: D[K]) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d))
    setErrors((e) => ({ ...e, [key]: '', form: '' }))
    setNotice('')
  }
  async function save(call: () => Promise<ApiResult<S>>, savedText: string): Promise<void> {
    setSaving(true)
    const res = await call()
    setSaving(false)
    if (!res.ok) return setErrors(refusalErrors(res.error, draft ? Object.keys(draft) : []))
    setDraft(draftOf(res.data))
    setNotice(savedText)
  }
  return { draft, set, errors, setErrors, notice, saving, save }
}
