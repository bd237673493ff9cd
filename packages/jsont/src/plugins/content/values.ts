// Small, total accessors over template data (plain JSON). Every function accepts any value and never throws.
import { getOwn, isObject } from '../../util/values.js'
import type { Value } from '../types.js'

export { isObject }
export type JsonObject = Record<string, unknown>

/** Own property `key` of `obj` when `obj` is an object (never the prototype's), else undefined. */
export function field(obj: Value, key: string): Value {
  return isObject(obj) ? getOwn(obj, key) : undefined
}

/** Follow a dotted path of keys / array indices from `obj`. */
export function path(obj: Value, keys: readonly (string | number)[]): Value {
  let cur: Value = obj
  for (const k of keys) {
    if (typeof cur !== 'object' || cur === null) return undefined
    cur = getOwn(cur, k)
  }
  return cur
}

/** Text of a scalar (strings as-is, numbers and booleans via String); '' for missing, null, objects and arrays. */
export function text(v: Value): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : ''
  if (typeof v === 'boolean') return String(v)
  return ''
}

/** A finite number from a number or numeric string, else undefined. */
export function num(v: Value): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v)
    return Number.isFinite(n) ? n : undefined
  }
  return undefined
}

/** A string with content (non-empty). */
export function nonEmpty(v: Value): v is string {
  return typeof v === 'string' && v.length > 0
}

/** The array `v`, or an empty one. */
export function list(v: Value): readonly unknown[] {
  return Array.isArray(v) ? v : []
}
