// Additional-fields lightbox: the product's form in a dialog. Async form states: editing ->
// saving (submit shows 'Saving…') -> editing. Empty required fields show 'Required'; the server's validation
// errors show above each field's title. A successful submit closes the lightbox. Opened from /cart it is filled with
// the entry's answers.
import { useState, type FormEvent } from 'react'
import type { Result } from '../api.js'
import { openDialog } from '../dialog.js'
import {
  DEFAULT_FORM_BUTTON, LIKERT_SCALE, collectValues, partName, partsOf, readForm, requiredErrors,
  type AdditionalFieldsForm, type CheckoutFormField,
} from '../form-model.js'
import { SELECT_VALUE_TEXT } from '@sitewright/contracts/forms'
import { SAVING_TEXT } from '../messages.js'
import { renderIsland } from '../../islands/react-root.js'

type Submit = (additionalFields: string) => Promise<Result<unknown>>
/** Answers already given, by field id (editing a cart entry's fields). */
export type Initial = Record<string, unknown>

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(text) : typeof v === 'string' && v ? [v] : [])

function Field({ f, error, initial }: { f: CheckoutFormField; error?: string; initial?: unknown }) {
  const parts = partsOf(f)
  const id = `af-${f.id}`
  const req = f.required ? <span className="required" aria-hidden="true"> *</span> : null
  const err = error ? <p className="field-error" id={`${id}-error`} role="alert">{error}</p> : null
  const described = error ? `${id}-error` : undefined
  if (f.type === 'section') return <div className="form-section"><h3>{f.title}</h3>{f.description && <p>{f.description}</p>}</div>
  if (f.type === 'hidden') return null
  const options = f.options ?? []
  const group = (inputs: React.ReactNode) => (
    <fieldset className={`form-field ${f.type}${f.required ? ' required' : ''}`} aria-describedby={described}>
      {err}
      <legend className="title">{f.title}{req}</legend>
      {f.description && <p className="description">{f.description}</p>}
      {inputs}
    </fieldset>
  )
  if (parts) {
    // stored part lists may carry the phone's country code in front even when the form does not ask for it
    const given = list(initial)
    const offset = Math.max(0, given.length - parts.length)
    return group(parts.map((p, i) => <label key={p} className="part"><span>{p}</span><input name={partName(f, i)} defaultValue={given[i + offset] ?? ''} aria-invalid={!!error} /></label>))
  }
  if (f.type === 'checkbox' || f.type === 'radio') {
    const chosen = list(initial)
    return group(options.map((o) => <label key={o} className="option"><input type={f.type} name={f.id} value={o} defaultChecked={chosen.includes(o)} />{o}</label>))
  }
  if (f.type === 'likert') {
    const answers = typeof initial === 'object' && initial !== null && !Array.isArray(initial) ? (initial as Record<string, unknown>) : {}
    return group(options.map((q, i) => (
      <fieldset key={q} className="likert-question"><legend>{q}</legend>
        {LIKERT_SCALE.map((s) => <label key={s.value}><input type="radio" name={partName(f, i)} value={s.value} defaultChecked={list(answers[q]).includes(s.value)} />{s.label}</label>)}
      </fieldset>
    )))
  }
  const value = text(initial)
  const control =
    f.type === 'select' ? (
      <select id={id} name={f.id} defaultValue={value} aria-invalid={!!error} aria-describedby={described}><option value="">{SELECT_VALUE_TEXT}</option>{options.map((o) => <option key={o}>{o}</option>)}</select>
    ) : f.type === 'textarea' ? (
      <textarea id={id} name={f.id} defaultValue={value} placeholder={f.placeholder} aria-invalid={!!error} aria-describedby={described} />
    ) : (
      <input id={id} name={f.id} defaultValue={value} type={f.type === 'email' || f.type === 'number' || f.type === 'password' ? f.type : 'text'} placeholder={f.placeholder} aria-invalid={!!error} aria-describedby={described} />
    )
  return (
    <div className={`form-field ${f.type}${f.required ? ' required' : ''}`}>
      {err}
      <label className="title" htmlFor={id}>{f.title}{req}</label>
      {f.description && <p className="description">{f.description}</p>}
      {control}
    </div>
  )
}

export function AdditionalFields({ form, submit, done, search = '', initial = {}, submitText }: { form: AdditionalFieldsForm; submit: Submit; done: (r: Result<unknown>) => void; search?: string; initial?: Initial; submitText?: string }) {
  const [state, setState] = useState<'editing' | 'saving'>('editing')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState('')
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (state === 'saving') return
    const values = collectValues(form, new FormData(e.currentTarget), search)
    const missing = requiredErrors(form, values)
    setErrors(missing)
    setMessage('')
    if (Object.keys(missing).length) return
    setState('saving')
    const res = await submit(JSON.stringify(values))
    setState('editing')
    if (res.ok) return done(res)
    setErrors(res.fieldErrors ?? {})
    setMessage(res.fieldErrors ? '' : res.message)
  }
  return (
    <form className="additional-fields-form" data-state={state} noValidate onSubmit={(e) => void onSubmit(e)}>
      {message && <p className="form-error" role="alert">{message}</p>}
      {form.fields.map((f) => <Field key={f.id} f={f} error={errors[f.id]} initial={initial[f.id]} />)}
      <button type="submit" className="sqs-editable-button" disabled={state === 'saving'}>
        {state === 'saving' ? SAVING_TEXT : submitText || form.submitButtonText || DEFAULT_FORM_BUTTON}
      </button>
    </form>
  )
}

/**
 * Opens the lightbox (editing: filled with `initial` answers, its button reading `submitText`); resolves with the
 * successful answer, or null when the shopper closes it.
 */
export function openAdditionalFields(doc: Document, raw: unknown, submit: Submit, edit: { initial?: Initial; submitText?: string } = {}): Promise<Result<unknown> | null> {
  const form = readForm(raw)
  if (!form) return Promise.reject(new Error('This product has no additional-fields form'))
  return new Promise((resolve) => {
    let unmount = () => {}
    let settled = false
    const finish = (r: Result<unknown> | null) => {
      if (settled) return
      settled = true
      resolve(r)
    }
    const dialog = openDialog(doc, { title: form.name, className: 'additional-fields-lightbox', onClose: () => (unmount(), finish(null)) })
    const search = doc.defaultView?.location.search ?? ''
    unmount = renderIsland(dialog.body, <AdditionalFields form={form} submit={submit} search={search} initial={edit.initial} submitText={edit.submitText} done={(r) => (finish(r), dialog.close())} />)
  })
}
