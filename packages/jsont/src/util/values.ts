// Shared value helpers for the executor and every plugin family (import from '../util/values.js').

/** JSON-T truthiness: missing/null false; booleans as is; numbers non-zero (NaN false); strings, arrays and objects
 * non-empty. */
export function isTruthy(v: unknown): boolean {
  if (v === undefined || v === null) return false
  switch (typeof v) {
    case 'boolean':
      return v
    case 'number':
      return v !== 0 && !Number.isNaN(v)
    case 'string':
      return v.length > 0
    case 'object':
      if (Array.isArray(v)) return v.length > 0
      for (const _ in v) return true
      return false
    default:
      return false
  }
}

/** missing (undefined) or null */
export function isMissing(v: unknown): v is null | undefined {
  return v === undefined || v === null
}

/** Number printed as JSON-T prints it (JavaScript's shortest round-trip form; -0 as 0). */
export function numberToText(n: number): string {
  return String(n)
}

/** A value as text: strings as is, numbers and booleans as JavaScript prints them, missing/null as '', arrays and
 * objects as compact JSON. (A bare `{variable}` holding an array or object prints nothing: see printText.) */
export function toText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v
    case 'number':
      return String(v)
    case 'boolean':
      return v ? 'true' : 'false'
    case 'undefined':
      return ''
    case 'object':
      return v === null ? '' : JSON.stringify(v)
    case 'bigint':
      return v.toString()
    default:
      return ''
  }
}

/** What a `{variable}` instruction prints: like toText, but arrays and objects print nothing. */
export function printText(v: unknown): string {
  return typeof v === 'object' ? '' : toText(v)
}

/** The string a value means as text input to a formatter (like toText, but null prints as ''). */
export const asString = toText

/** A value as a number: numbers as is, numeric strings parsed, booleans 1/0; NaN otherwise. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v
  if (typeof v === 'string') {
    const t = v.trim()
    return t === '' ? NaN : Number(t)
  }
  if (typeof v === 'boolean') return v ? 1 : 0
  return NaN
}

const HTML_RE = /[&<>]/
const ATTR_RE = /[&<>"]/

/** Escape text for HTML element content: & < > */
export function escapeHtml(s: string): string {
  if (!HTML_RE.test(s)) return s
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Escape text for a double-quoted HTML attribute: & < > " */
export function escapeAttr(s: string): string {
  if (!ATTR_RE.test(s)) return s
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Own property lookup that never reaches the prototype. */
export function getOwn(o: unknown, key: string | number): unknown {
  if (typeof o !== 'object' || o === null) return undefined
  if (Array.isArray(o)) {
    const i = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : -1
    return i >= 0 && i < o.length ? o[i] : undefined
  }
  const k = String(key)
  return Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined
}
