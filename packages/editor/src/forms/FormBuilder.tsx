// The form builder: the setup steps (build 1, storage 2, advanced 3, captcha 4, disclaimer 5) over a draft of the
// form, saved with PATCH; a live preview beside it.
import { useEffect, useState } from 'react'
import type { ApiResult } from '../api/client.js'
import { useNavigation } from '../app/navigation.js'
import { CheckboxField, SelectField, TextField } from '../ui/fields.js'
import { TextAreaField } from '../ui/moreFields.js'
import type { FormsApi, MailingList } from './api.js'
import { FieldEditor } from './FieldEditor.js'
import { FormPreview } from './FormPreview.js'
import { FIELD_KINDS, KIND_LABELS, STEPS, moveField, newField, removeField, updateField, type FieldKind, type Form, type StepId } from './model.js'

export const LIST_REQUIRED = 'A List must be selected'

interface Props {
  form: Form
  api: FormsApi
  onSaved(form: Form): void
}

/** Server field errors ('fields.2.options') by field index, plus the form-level ones. */
function splitErrors(fields: Record<string, string>) {
  const byIndex: Record<number, string> = {}
  const other: Record<string, string> = {}
  for (const [k, v] of Object.entries(fields)) {
    const m = /^fields\.(\d+)/.exec(k)
    if (m) byIndex[Number(m[1])] ??= v
    else other[k] = v
  }
  return { byIndex, other }
}

export function FormBuilder({ form, api, onSaved }: Props) {
  const [draft, setDraft] = useState<Form>(form)
  const [step, setStep] = useState<StepId>(1)
  const [kind, setKind] = useState<FieldKind>('text')
  const [status, setStatus] = useState<{ saving: boolean; message?: string; errors: Record<string, string> }>({ saving: false, errors: {} })
  const [lists, setLists] = useState<MailingList[]>([])
  const [newsletter, setNewsletter] = useState(form.mailingListId !== null)
  const [listName, setListName] = useState('')
  const { setUnsaved } = useNavigation()
  const dirty = JSON.stringify(draft) !== JSON.stringify(form) || newsletter !== (form.mailingListId !== null)

  useEffect(() => setUnsaved(dirty), [dirty, setUnsaved])
  useEffect(() => () => setUnsaved(false), [setUnsaved])
  useEffect(() => {
    void api.lists().then((r) => r.ok && setLists(r.data.lists))
  }, [api])

  const set = (patch: Partial<Form>) => setDraft((d) => ({ ...d, ...patch }))
  const { byIndex, other } = splitErrors(status.errors)

  async function save() {
    if (newsletter && !draft.mailingListId) {
      setStep(2)
      return setStatus({ saving: false, message: LIST_REQUIRED, errors: { mailingListId: LIST_REQUIRED } })
    }
    setStatus({ saving: true, errors: {} })
    const { id: _id, webhookSecret: _s, ...patch } = { ...draft, mailingListId: newsletter ? draft.mailingListId : null }
    const res: ApiResult<{ form: Form }> = await api.save(form.id, patch)
    if (!res.ok) return setStatus({ saving: false, message: res.error.message, errors: res.error.fields })
    setStatus({ saving: false, message: 'Saved.', errors: {} })
    setDraft(res.data.form)
    onSaved(res.data.form)
  }

  async function addList() {
    const res = await api.createList(listName.trim())
    if (!res.ok) return setStatus({ saving: false, message: res.error.message, errors: res.error.fields })
    setLists((l) => [...l, res.data.list])
    set({ mailingListId: res.data.list.id })
    setListName('')
  }

  return (
    <div className="form-builder">
      <div className="form-builder-main">
        <div className="form-steps" role="tablist" aria-label="Setup steps">
          {STEPS.map((s) => (
            <button key={s.id} type="button" role="tab" id={`step-${s.id}`} aria-selected={step === s.id} aria-controls={`panel-${s.id}`} className={step === s.id ? 'active' : ''} onClick={() => setStep(s.id)}>
              {s.id}. {s.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${step}`} aria-labelledby={`step-${step}`} className="form-step">
          {step === 1 && (
            <>
              <ol className="form-field-list">
                {draft.fields.map((f, i) => (
                  <FieldEditor
                    key={f.id}
                    field={f}
                    index={i}
                    count={draft.fields.length}
                    error={byIndex[i]}
                    onChange={(patch) => set({ fields: updateField(draft.fields, i, patch) })}
                    onMove={(by) => set({ fields: moveField(draft.fields, i, by) })}
                    onRemove={() => set({ fields: removeField(draft.fields, i) })}
                  />
                ))}
              </ol>
              <div className="form-add-field">
                <SelectField label="Field kind" name="kind" value={kind} onChange={(v) => setKind(v as FieldKind)} options={FIELD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
                <button type="button" className="button secondary" onClick={() => set({ fields: [...draft.fields, newField(kind, draft.fields)] })}>
                  Add field
                </button>
              </div>
            </>
          )}
          {step === 2 && (
            <>
              <p className="field-hint">Every submission is stored and listed under Submissions.</p>
              <TextField label="Notify by email" name="notifyEmail" type="email" value={draft.notifyEmail} onChange={(notifyEmail) => set({ notifyEmail })} error={other.notifyEmail} />
              <TextField label="Webhook URL" name="webhookUrl" value={draft.webhookUrl} onChange={(webhookUrl) => set({ webhookUrl })} error={other.webhookUrl} hint={draft.webhookSecret ? `Signed with X-Sitewright-Signature (HMAC-SHA256, secret ${draft.webhookSecret})` : undefined} />
              <CheckboxField label="Newsletter sign-up (adds the email answer to a mailing list)" name="newsletter" checked={newsletter} onChange={setNewsletter} />
              {newsletter && (
                <>
                  <SelectField label="Mailing list" name="mailingListId" value={draft.mailingListId ?? ''} onChange={(v) => set({ mailingListId: v || null })} options={[{ value: '', label: 'Choose a list' }, ...lists.map((l) => ({ value: l.id, label: `${l.name} (${l.subscribers})` }))]} error={other.mailingListId} />
                  <div className="form-add-field">
                    <TextField label="New list name" name="listName" value={listName} onChange={setListName} />
                    <button type="button" className="button secondary" disabled={!listName.trim()} onClick={() => void addList()}>
                      Create list
                    </button>
                  </div>
                </>
              )}
            </>
          )}
          {step === 3 && (
            <>
              <TextField label="Form name" name="name" value={draft.name} onChange={(name) => set({ name })} error={other.name} />
              <TextField label="Submit button text" name="submitButtonText" value={draft.submitButtonText} onChange={(submitButtonText) => set({ submitButtonText })} error={other.submitButtonText} />
              <TextAreaField label="Submission message" value={draft.submissionMessage} onChange={(submissionMessage) => set({ submissionMessage })} error={other.submissionMessage} />
              <TextAreaField label="Submission HTML" value={draft.submissionHtml} onChange={(submissionHtml) => set({ submissionHtml })} error={other.submissionHtml} mono hint="Shown after the message; sanitized when saved." />
              <TextField label="Redirect after submit" name="successRedirect" value={draft.successRedirect} onChange={(successRedirect) => set({ successRedirect })} error={other.successRedirect} hint="A path like /thanks or an http(s) address; empty shows the message." />
            </>
          )}
          {step === 4 && (
            <>
              <CheckboxField label="Use a captcha" name="captchaEnabled" checked={draft.captchaEnabled} onChange={(captchaEnabled) => set({ captchaEnabled })} />
              <SelectField label="Captcha theme" name="captchaTheme" value={draft.captchaTheme} onChange={(captchaTheme) => set({ captchaTheme })} options={[{ value: 'light', label: 'Light' }, { value: 'dark', label: 'Dark' }]} />
              <SelectField label="Captcha alignment" name="captchaAlignment" value={draft.captchaAlignment} onChange={(captchaAlignment) => set({ captchaAlignment })} options={[{ value: 'left', label: 'Left' }, { value: 'center', label: 'Center' }, { value: 'right', label: 'Right' }]} />
            </>
          )}
          {step === 5 && <TextAreaField label="Disclaimer message" value={draft.disclaimerMessage} onChange={(disclaimerMessage) => set({ disclaimerMessage })} error={other.disclaimerMessage} />}
        </div>
        <div className="form-save">
          <button type="button" className="button" disabled={status.saving || !dirty} onClick={() => void save()}>
            {status.saving ? 'Saving…' : 'Save form'}
          </button>
          {status.message && (
            <span role={Object.keys(status.errors).length ? 'alert' : 'status'} className={Object.keys(status.errors).length ? 'field-error' : 'field-hint'}>
              {status.message}
            </span>
          )}
        </div>
      </div>
      <FormPreview form={draft} />
    </div>
  )
}
