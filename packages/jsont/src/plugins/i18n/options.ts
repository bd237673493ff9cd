// Formatter arguments -> @phensley/cldr option objects. Arguments are `key:value` pairs or bare words
// (`{n|decimal style:short group}`); unknown keys and out-of-range values are ignored. Digit counts are clamped to
// 0..50.
import type {
  CurrencyFormatOptions,
  CurrencyFormatStyleType,
  DecimalFormatOptions,
  DecimalFormatStyleType,
  NumberFormatOptions,
  RoundingModeType,
} from '@phensley/cldr'

export const MIN_DIGITS = 0
export const MAX_DIGITS = 50

export const NUMBER_STYLES: readonly DecimalFormatStyleType[] = [
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]
export const CURRENCY_STYLES: readonly CurrencyFormatStyleType[] = [
  'symbol',
  'accounting',
  'code',
  'name',
  'short',
]
export const ROUNDING_MODES: readonly RoundingModeType[] = [
  'up',
  'down',
  'ceiling',
  'floor',
  'half-up',
  'half-down',
  'half-even',
]

/** One parsed argument: `key:value` -> [key, value]; a bare word -> [word, '']. */
export type Arg = readonly [key: string, value: string]

export function splitArgs(args: readonly string[]): Arg[] {
  const out: Arg[] = []
  for (const raw of args) {
    const a = raw.trim()
    if (a === '') continue
    const i = a.indexOf(':')
    out.push(i < 0 ? [a, ''] : [a.slice(0, i), a.slice(i + 1)])
  }
  return out
}

export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined
}

/** Integer digit count clamped to 0..50, or undefined when not a number. */
export function digits(value: string): number | undefined {
  const n = Number.parseInt(value, 10)
  if (!Number.isFinite(n)) return undefined
  return Math.min(MAX_DIGITS, Math.max(MIN_DIGITS, n))
}

/** A boolean option: bare word or 'true' is true; 'false' is false. */
export function flag(value: string): boolean {
  return value !== 'false'
}

const DIGIT_KEYS: Record<string, keyof NumberFormatOptions> = {
  minimumIntegerDigits: 'minimumIntegerDigits',
  minint: 'minimumIntegerDigits',
  maximumFractionDigits: 'maximumFractionDigits',
  maxfrac: 'maximumFractionDigits',
  minimumFractionDigits: 'minimumFractionDigits',
  minfrac: 'minimumFractionDigits',
  maximumSignificantDigits: 'maximumSignificantDigits',
  maxsig: 'maximumSignificantDigits',
  minimumSignificantDigits: 'minimumSignificantDigits',
  minsig: 'minimumSignificantDigits',
}

/** Applies a number option (digits, grouping, rounding, numbering system); false when the key is not one. */
export function applyNumberOption(o: NumberFormatOptions, key: string, value: string): boolean {
  const digitKey = DIGIT_KEYS[key] ?? DIGIT_KEYS[key.toLowerCase()]
  if (digitKey) {
    const d = digits(value)
    if (d !== undefined) (o as Record<string, unknown>)[digitKey] = d
    return true
  }
  switch (key) {
    case 'group':
    case 'grouping':
      o.group = flag(value)
      return true
    case 'round':
    case 'rounding': {
      const r = oneOf(value, ROUNDING_MODES)
      if (r) o.round = r
      return true
    }
    case 'nu':
    case 'numberSystem':
      if (value) o.nu = value as NumberFormatOptions['nu']
      return true
    case 'trimZeroFractions':
      o.trimZeroFractions = flag(value)
      return true
    default:
      return false
  }
}

export function decimalOptions(args: readonly string[]): DecimalFormatOptions {
  const o: DecimalFormatOptions = { group: true }
  for (const [key, value] of splitArgs(args)) {
    if (applyNumberOption(o, key, value)) continue
    if (key === 'style') {
      const s = oneOf(value, NUMBER_STYLES)
      if (s) o.style = s
    } else if (value === '') {
      const s = oneOf(key, NUMBER_STYLES)
      if (s) o.style = s
    }
  }
  return o
}

export function currencyOptions(args: readonly string[]): CurrencyFormatOptions {
  const o: CurrencyFormatOptions = {}
  for (const [key, value] of splitArgs(args)) {
    if (applyNumberOption(o, key, value)) continue
    if (key === 'style') {
      const s = oneOf(value, CURRENCY_STYLES)
      if (s) o.style = s
    } else if (key === 'symbolWidth') {
      if (value === 'narrow' || value === 'default') o.symbolWidth = value
    } else if (key === 'cash') {
      o.cash = flag(value)
    } else if (value === '') {
      const s = oneOf(key, CURRENCY_STYLES)
      if (s) o.style = s
    }
  }
  return o
}
