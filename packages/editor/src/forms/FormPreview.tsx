// Live preview of the form being built (the visitor's field layout; inputs are inert).
import { isComposite, LIKERT_SCALE, PART_VIEWS } from '@sitewright/contracts'
import type { Field, Form } from './model.js'

function Label({ f }: { f: Field }) {
  return (
    <>
      {f.title}
      {f.required && <span className="required" aria-hidden="true"> *</span>}
    </>
  )
}

function PreviewField({ f }: { f: Field }) {
  if (f.type === 'hidden') return null
  if (f.type === 'section')
    return (
      <div className={`preview-section${f.underline ? ' underline' : ''}`}>
        <h3>{f.title}</h3>
        {f.description && <p className="field-hint">{f.description}</p>}
      </div>
    )
  const parts = isComposite(f.type) ? PART_VIEWS[f.type].filter((p) => !(f.type === 'phone' && p.name === 'Country' && !f.showCountryCode)).map((p) => p.label) : undefined
  return (
    <fieldset className={`preview-field ${f.type}${f.required ? ' required' : ''}`} disabled>
      <legend>
        <Label f={f} />
      </legend>
      {f.description && <p className="field-hint">{f.description}</p>}
      {parts ? (
        <div className="preview-parts">{parts.map((p) => <label key={p}>{p}<input type="text" /></label>)}</div>
      ) : f.type === 'textarea' ? (
        <textarea placeholder={f.placeholder} aria-label={f.title} />
      ) : f.type === 'select' ? (
        <select aria-label={f.title}>{(f.options ?? []).map((o) => <option key={o}>{o}</option>)}</select>
      ) : f.type === 'radio' || f.type === 'checkbox' ? (
        (f.options ?? []).map((o) => (
          <label key={o} className="option">
            <input type={f.type} name={f.id} /> {o}
          </label>
        ))
      ) : f.type === 'likert' ? (
        (f.options ?? []).map((q) => (
          <div key={q} className="preview-likert">
            <span>{q}</span>
            {LIKERT_SCALE.map((a) => <label key={a.value}><input type="radio" name={`${f.id}-${q}`} /> {a.label}</label>)}
          </div>
        ))
      ) : (
        <span className="preview-input">
          {f.type === 'currency' && <span>{f.currencySymbol}</span>}
          <input type={f.type === 'password' ? 'password' : 'text'} placeholder={f.placeholder} aria-label={f.title} />
        </span>
      )}
    </fieldset>
  )
}

export function FormPreview({ form }: { form: Form }) {
  return (
    <section className="form-preview" aria-label="Preview">
      <h2>Preview</h2>
      {form.fields.length === 0 && <p className="field-hint">Add fields to see them here.</p>}
      {form.fields.map((f) => <PreviewField key={f.id} f={f} />)}
      {form.captchaEnabled && <p className={`preview-captcha align-${form.captchaAlignment}`}>Captcha ({form.captchaTheme})</p>}
      {form.disclaimerMessage && <p className="form-disclaimer">{form.disclaimerMessage}</p>}
      <button type="button" className="button" disabled>
        {form.submitButtonText}
      </button>
    </section>
  )
}
