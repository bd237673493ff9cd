// Small, total accessors over untyped template data (plain JSON), on top of the shared util/values helpers.
import { getOwn, isObject, toNumber as utilToNumber } from '../../util/values.js'

export { escapeAttr, escapeHtml, toText } from '../../util/values.js'

export type Rec = Record<string, unknown>

/** Resolve a path in the page data (PluginContext.resolve). */
export type Lookup = (path: readonly (string | number)[]) => unknown

export const isRecord: (v: unknown) => v is Rec = isObject

/** Descend `path` from `v`; undefined as soon as a step is missing. */
export function dig(v: unknown, ...path: (string | number)[]): unknown {
  let cur = v
  for (const key of path) {
    cur = getOwn(cur, key)
    if (cur === undefined) return undefined
  }
  return cur
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}

/** Flags in product data come as booleans or as the strings "true"/"false". */
export function isTrue(v: unknown): boolean {
  return v === true || v === 'true'
}

/** A number from a JSON number or a numeric string; `fallback` otherwise. */
export function toNumber(v: unknown, fallback = 0): number {
  if (typeof v !== 'number' && typeof v !== 'string') return fallback
  const n = utilToNumber(v)
  return Number.isFinite(n) ? n : fallback
}

/** A non-empty string, or undefined. */
export function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined
}

/** A localized string of the page (`localizedStrings.KEY`), or the fallback when absent or empty. */
export function localized(lookup: Lookup, key: string, fallback: string): string {
  return nonEmptyString(lookup(['localizedStrings', key])) ?? fallback
}
