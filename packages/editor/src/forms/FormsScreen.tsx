// The Forms section: the site's forms (create, open, delete) and, for the open form, the builder or its
// submissions. The open form and view are in the address (forms/<formId>, forms/<formId>/submissions), so a reload,
// Back and a shared link land on them.
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { SiteSummary } from '../api/types.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { createFormsApi, type FormsApi } from './api.js'
import { FormBuilder } from './FormBuilder.js'
import type { Form } from './model.js'
import { Submissions } from './Submissions.js'
import './forms.css'

type View = 'build' | 'submissions'

/** The open form and view of a forms-section path; null when no form is open. */
export function parseFormsPath(pathname: string, base: string): { formId: string; view: View } | null {
  if (!pathname.startsWith(`${base}/`)) return null
  const [formId, view] = pathname.slice(base.length + 1).split('/').filter(Boolean).map(decodeURIComponent)
  return formId ? { formId, view: view === 'submissions' ? 'submissions' : 'build' } : null
}

export function FormsScreen({ site, api: given }: { site: SiteSummary; api?: FormsApi }) {
  const siteId = String(site.id)
  const api = useMemo(() => given ?? createFormsApi(siteId), [given, siteId])
  const [forms, setForms] = useState<Form[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { pathname, navigate } = useNavigation()
  const base = routePath({ name: 'site', siteId, section: 'forms' })
  const route = parseFormsPath(pathname, base)
  const openId = route?.formId ?? null
  const view: View = route?.view ?? 'build'
  const show = (formId: string | null, next: View = 'build') =>
    navigate(formId === null ? base : `${base}/${encodeURIComponent(formId)}${next === 'submissions' ? '/submissions' : ''}`)
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
    show(res.data.form.id)
  }

  async function remove(form: Form) {
    setConfirm(null)
    const res = await api.remove(form.id)
    if (!res.ok) return setError(res.error.message)
    if (openId === form.id) show(null)
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
      {forms && openId !== null && !open && (
        <p role="alert" className="alert">
          This form no longer exists. Choose another one from the list.
        </p>
      )}
      {forms && (
        <div className="forms-layout">
          <nav aria-label="Forms list" className="forms-list">
            {forms.length === 0 && <p>No forms yet.</p>}
            <ul>
              {forms.map((f) => (
                <li key={f.id}>
                  <button type="button" className={`link-button${f.id === openId ? ' active' : ''}`} aria-current={f.id === openId ? 'true' : undefined} onClick={() => show(f.id, view)}>
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
                <button type="button" className={view === 'build' ? 'active' : ''} aria-pressed={view === 'build'} onClick={() => show(open.id, 'build')}>
                  Build
                </button>
                <button type="button" className={view === 'submissions' ? 'active' : ''} aria-pressed={view === 'submissions'} onClick={() => show(open.id, 'submissions')}>
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
