// Labelled form fields with the validation message under the field (announced via aria-describedby).
import { useId, type ReactNode } from 'react'

interface Common {
  label: string
  error?: string | undefined
  hint?: ReactNode
  name: string
}

function describedBy(errorId: string, hintId: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return ids || undefined
}

function Messages({
  errorId,
  hintId,
  error,
  hint,
}: {
  errorId: string
  hintId: string
  error?: string | undefined
  hint?: ReactNode
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </>
  )
}

interface TextFieldProps extends Common {
  value: string
  onChange(value: string): void
  type?: 'text' | 'email' | 'password' | 'url'
  autoComplete?: string
  required?: boolean
  maxLength?: number
  autoFocus?: boolean
  inputMode?: 'text' | 'decimal' | 'numeric'
}

export function TextField({
  label,
  error,
  hint,
  name,
  value,
  onChange,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const id = useId()
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-e`, `${id}-h`, error, hint)}
        {...rest}
      />
      <Messages errorId={`${id}-e`} hintId={`${id}-h`} error={error} hint={hint} />
    </div>
  )
}

interface SelectFieldProps extends Common {
  value: string
  onChange(value: string): void
  options: readonly { value: string; label: string }[]
}

export function SelectField({ label, error, hint, name, value, onChange, options }: SelectFieldProps) {
  const id = useId()
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-e`, `${id}-h`, error, hint)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages errorId={`${id}-e`} hintId={`${id}-h`} error={error} hint={hint} />
    </div>
  )
}

interface CheckboxFieldProps extends Common {
  checked: boolean
  onChange(checked: boolean): void
}

export function CheckboxField({ label, error, hint, name, checked, onChange }: CheckboxFieldProps) {
  const id = useId()
  return (
    <div className={`field checkbox${error ? ' has-error' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-e`, `${id}-h`, error, hint)}
      />
      <label htmlFor={id}>{label}</label>
      <Messages errorId={`${id}-e`} hintId={`${id}-h`} error={error} hint={hint} />
    </div>
  )
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className="alert" role="alert">
      {message}
    </div>
  )
}
