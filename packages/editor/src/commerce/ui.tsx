// Small presentational pieces shared by the commerce screens.
import type { ReactNode } from 'react'

export function Badge({ tone, children }: { tone: 'sold-out' | 'sale' | 'test' | 'status' | 'warn' | 'donation'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>
}

export function LoadError({ message, retry }: { message: string; retry(): void }) {
  return (
    <div className="alert" role="alert">
      {message}{' '}
      <button type="button" className="button secondary small" onClick={retry}>
        Try again
      </button>
    </div>
  )
}

export function Loading({ what }: { what: string }) {
  return <p role="status">Loading {what}…</p>
}

/** Field messages the screen could not place under a field, listed under the alert. */
export function ErrorSummary({ message, fields }: { message: string | null; fields?: Record<string, string> }) {
  if (!message) return null
  const rest = Object.entries(fields ?? {})
  return (
    <div className="alert" role="alert">
      <p>{message}</p>
      {rest.length > 0 && (
        <ul>
          {rest.map(([k, m]) => (
            <li key={k}>
              {k === '_' ? m : `${k}: ${m}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * An ISO 8601 time or epoch milliseconds -> 'Mar 2, 2026, 10:15 AM'; in the site's time zone when given (then with
 * the zone's short name: 'Mar 2, 2026, 10:15 AM EST'), so every owner sees the store's local times.
 */
export function formatDate(time: string | number | null, timeZone?: string): string {
  if (time === null || time === '') return ''
  const d = new Date(time)
  if (Number.isNaN(d.getTime())) return String(time)
  if (timeZone) {
    try {
      return d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' })
    } catch {
      // an unknown zone: the browser's own below
    }
  }
  return d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

/** A labelled textarea with its message under it (the shared fields have no textarea). */
export function TextAreaField(props: {
  label: string
  name: string
  value: string
  error?: string | undefined
  maxLength?: number
  rows?: number
  onChange(v: string): void
}) {
  const id = `ta-${props.name}`
  return (
    <div className={`field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        value={props.value}
        rows={props.rows ?? 5}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-e` : undefined}
      />
      {props.error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {props.error}
        </p>
      )}
    </div>
  )
}
