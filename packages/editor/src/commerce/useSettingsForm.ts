// A commerce settings form's state: the draft read from the server, per-field and form errors, the saved notice and
// the saving flag. Editing a field clears its error and the form's; a save shows the server's field messages as
// they are, or puts the saved settings back into the draft with `savedText`.
import { useEffect, useState } from 'react'
import type { ApiResult } from '../api/client.js'

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
    if (!res.ok) return setErrors({ ...res.error.fields, form: res.error.message })
    setDraft(draftOf(res.data))
    setNotice(savedText)
  }
  return { draft, set, errors, setErrors, notice, saving, save }
}
