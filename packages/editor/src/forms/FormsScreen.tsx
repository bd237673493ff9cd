// The Forms section: the site's forms (create, open, delete) and, for the open form, the builder or its
// submissions.
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { SiteSummary } from '../api/types.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { createFormsApi, type FormsApi } from './api.js'
import { FormBuilder } from './FormBuilder.js'
import type { Form } from './model.js'
import { Submissions } from './Submissions.js'
import './forms.css'

type View = 'build' | 'submissions'

export function FormsScreen({ site, api: given }: { site: SiteSummary; api?: FormsApi }) {
  const siteId = String(site.id)
  const api = useMemo(() => given ?? createFormsApi(siteId), [given, siteId])
  const [forms, setForms] = useState<Form[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const [view, setView] = useState<View>('build')
  const [confirm, setConfirm] = useState<Form | null>(null)

  const load = useCallback(async () => {
    const res = await api.list()
    if (res.ok) setForms(res.data.forms)
    else setError(res.error.message)
  }, [api])

  useEffect(() => {
    void load()
  }, [load])

  async function create() {
    const res = await api.create({ submitButtonText: 'Submit' })
    if (!res.ok) return setError(res.error.message)
    setForms((f) => [...(f ?? []), res.data.form])
    setOpenId(res.data.form.id)
    setView('build')
  }

  async function remove(form: Form) {
    setConfirm(null)
    const res = await api.remove(form.id)
    if (!res.ok) return setError(res.error.message)
    if (openId === form.id) setOpenId(null)
    await load()
  }

  const open = forms?.find((f) => f.id === openId)
  return (
    <section className="forms" aria-labelledby="forms-title">
      <h1 id="forms-title" tabIndex={-1}>
        Forms
      </h1>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {!forms && !error && <p role="status">Loading forms…</p>}
      {forms && (
        <div className="forms-layout">
          <nav aria-label="Forms list" className="forms-list">
            {forms.length === 0 && <p>No forms yet.</p>}
            <ul>
              {forms.map((f) => (
                <li key={f.id}>
                  <button type="button" className={`link-button${f.id === openId ? ' active' : ''}`} aria-current={f.id === openId ? 'true' : undefined} onClick={() => setOpenId(f.id)}>
                    {f.name}
                  </button>
                  <button type="button" className="button secondary small" onClick={() => setConfirm(f)} aria-label={`Delete ${f.name}`}>
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => void create()}>
              New form
            </button>
          </nav>
          {open && (
            <div className="forms-open">
              <div className="forms-views" role="group" aria-label={`${open.name} views`}>
                <button type="button" className={view === 'build' ? 'active' : ''} aria-pressed={view === 'build'} onClick={() => setView('build')}>
                  Build
                </button>
                <button type="button" className={view === 'submissions' ? 'active' : ''} aria-pressed={view === 'submissions'} onClick={() => setView('submissions')}>
                  Submissions
                </button>
              </div>
              {view === 'build' ? (
                <FormBuilder key={open.id} form={open} api={api} onSaved={(saved) => setForms((all) => (all ?? []).map((f) => (f.id === saved.id ? saved : f)))} />
              ) : (
                <Submissions key={open.id} api={api} formId={open.id} />
              )}
            </div>
          )}
        </div>
      )}
      {confirm && (
        <ConfirmDialog title={`Delete ${confirm.name}?`} message="The form and all of its submissions are removed for good." confirmLabel="Delete" cancelLabel="Keep" onConfirm={() => void remove(confirm)} onCancel={() => setConfirm(null)} />
      )}
    </section>
  )
}
