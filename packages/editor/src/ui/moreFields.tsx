// More labelled fields in the style of fields.tsx: multi-line text (with an optional character counter) and
// numbers with a range.
import { useId } from 'react'
import { counterState } from '../dialogs/ui/counter.js'

interface TextAreaProps {
  label: string
  value: string
  onChange(value: string): void
  rows?: number
  max?: number
  error?: string | undefined
  hint?: string
  mono?: boolean
}

export function CharacterCounter({ value, max, id }: { value: string; max: unknown; id?: string }) {
  const c = counterState(value, max)
  if (!c) return null
  return (
    <p id={id} className={`char-counter${c.error ? ' over' : ''}`} aria-live="polite" data-error={c.error || undefined}>
      {c.text}
    </p>
  )
}

export function TextAreaField({ label, value, onChange, rows = 4, max, error, hint, mono }: TextAreaProps) {
  const id = useId()
  const over = counterState(value, max)?.error
  const describedBy = [hint ? `${id}-h` : '', max ? `${id}-c` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ')
  return (
    <div className={`field${error || over ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        className={mono ? 'mono' : undefined}
        spellCheck={mono ? false : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={`${id}-h`} className="field-hint">
          {hint}
        </p>
      )}
      {max !== undefined && <CharacterCounter id={`${id}-c`} value={value} max={max} />}
      {error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </div>
  )
}

interface NumberProps {
  label: string
  value: number
  onChange(value: number): void
  min: number
  max: number
  step?: number
}

/** A number field; values outside the range are brought back into it. */
export function NumberField({ label, value, onChange, min, max, step = 1 }: NumberProps) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(e) => {
          const n = Number(e.target.value)
          if (e.target.value !== '' && Number.isFinite(n)) onChange(Math.min(max, Math.max(min, n)))
        }}
      />
      <p className="field-hint">
        {min} to {max}
      </p>
    </div>
  )
}

export function LineField({
  label,
  value,
  onChange,
  max,
  error,
  placeholder,
  type = 'text',
}: {
  label: string
  value: string
  onChange(value: string): void
  max?: number
  error?: string | undefined
  placeholder?: string
  type?: 'text' | 'url' | 'email' | 'tel' | 'datetime-local' | 'password'
}) {
  const id = useId()
  const over = counterState(value, max)?.error
  const describedBy = [max ? `${id}-c` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ')
  return (
    <div className={`field${error || over ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {max !== undefined && <CharacterCounter id={`${id}-c`} value={value} max={max} />}
      {error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </div>
  )
}
