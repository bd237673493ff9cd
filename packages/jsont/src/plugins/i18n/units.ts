// The `unit` formatter: converts a quantity (`in:`) to one unit (`out:unit`), a sequence of units (`sequence:` or
// `out:a,b,c`), or the best-fitting unit of a list (`compact:`, or by default the input's category in the locale's
// measurement system), then formats it with CLDR (`format:` long, short or narrow; digits, grouping, rounding).
// Conversion runs in binary floating point through the category's base unit, applying each unit's CLDR factor
// formula step by step (into the base unit: the source's steps; out of it: divided by the target's factor), as the
// reference engine's outputs show (15.3 parsec = 293,354,727,123,709.6 miles, where exact arithmetic rounds to .5).
// Fuel consumption per distance (litres per 100 km) and distance per volume (miles per gallon) convert reciprocally.
import { Decimal, type CLDR, type UnitFormatOptions, type UnitType } from '@phensley/cldr'
import { applyNumberOption, splitArgs } from './options.js'
import { baseUnit, COMPACT, DEFAULT_COMPACT, factorTerms, factorValue, RECIPROCAL, UNITS, unitName, type Category } from './unit-data.js'
const LENGTHS = ['long', 'short', 'narrow'] as const

interface UnitRequest {
  input?: string
  out?: string[]
  sequence?: string[]
  compact?: string
  format: UnitFormatOptions
}

function parseRequest(args: readonly string[]): UnitRequest {
  const req: UnitRequest = { format: { length: 'narrow', group: false, maximumFractionDigits: 1 } }
  for (const [key, value] of splitArgs(args)) {
    if (applyNumberOption(req.format, key, value)) continue
    if (key === 'in') req.input = value
    else if (key === 'out') req.out = value.split(',')
    else if (key === 'sequence') req.sequence = value.split(',')
    else if (key === 'compact') req.compact = value
    else if (key === 'format' || key === 'length') {
      const l = LENGTHS.find((x) => x === value)
      if (l) req.format.length = l
    }
  }
  const f = req.format
  if ((f.minimumFractionDigits ?? 0) > (f.maximumFractionDigits ?? 0))
    f.maximumFractionDigits = f.minimumFractionDigits
  return req
}

function categoryOf(unit: string): Category | undefined {
  return UNITS.get(unit)?.[0]
}

/** Units of one category, all known; undefined when any is unknown or the categories differ. */
function unitList(raw: readonly string[] | undefined, category: Category): string[] | undefined {
  if (!raw || raw.length === 0) return undefined
  const names = raw.map(unitName)
  if (names.some((n) => n === undefined || categoryOf(n) !== category)) return undefined
  return names as string[]
}

function toKelvin(v: number, unit: string): number {
  if (unit === 'celsius') return v + 273.15
  if (unit === 'fahrenheit') return ((v - 32) * 5) / 9 + 273.15
  return v
}

function fromKelvin(k: number, unit: string): number {
  if (unit === 'celsius') return k - 273.15
  if (unit === 'fahrenheit') return ((k - 273.15) * 9) / 5 + 32
  return k
}

/** The value in its category's base unit: the unit's factor formula applied step by step. */
function toBase(v: number, unit: string): number {
  if (RECIPROCAL.has(unit)) return factorValue(UNITS.get(unit)![1]) / v
  for (const [op, n] of factorTerms(UNITS.get(unit)![1])) v = op === '*' ? v * n : v / n
  return v
}

function convertNumber(value: number, from: string, to: string): number {
  if (categoryOf(from) === 'temperature') return fromKelvin(toKelvin(value, from), to)
  const base = toBase(value, from)
  const size = factorValue(UNITS.get(to)![1])
  return RECIPROCAL.has(to) ? size / base : base / size
}

export function convert(value: Decimal, from: string, to: string): Decimal {
  if (from === to) return value
  const v = convertNumber(Number(value.toString()), from, to)
  return Number.isFinite(v) ? new Decimal(v) : value
}

function systemList(cldr: CLDR, key: string): readonly string[] | undefined {
  const lists = COMPACT[key]
  if (!lists) return undefined
  const system = cldr.General.measurementSystem()
  const us = system === 'us' || (system === 'uk' && (key === 'length' || key === 'speed'))
  return us ? lists.us : lists.metric
}

function size(unit: string): number {
  return factorValue(UNITS.get(unit)![1])
}

/** The largest unit of `list` in which the value is at least 1 (else the smallest). */
function bestFit(value: Decimal, from: string, list: readonly string[]): [string, Decimal] {
  const sorted = [...list].sort((a, b) => size(a) - size(b))
  let pick: [string, Decimal] = [sorted[0]!, convert(value, from, sorted[0]!)]
  for (const unit of sorted) {
    const v = convert(value, from, unit)
    if (v.compare(1, true) >= 0) pick = [unit, v]
  }
  return pick
}

/** Splits a value over a sequence of units: whole numbers for all but the last, zero parts left out. */
function splitSequence(value: Decimal, from: string, units: readonly string[]): [string, Decimal][] {
  const negative = value.isNegative()
  let rest = value.abs()
  let unit = from
  const parts: [string, Decimal][] = []
  units.forEach((next, i) => {
    rest = convert(rest, unit, next)
    unit = next
    if (i === units.length - 1) {
      if (!rest.isZero() || parts.length === 0) parts.push([next, rest])
      return
    }
    const whole = rest.toInteger()
    if (!whole.isZero()) parts.push([next, whole])
    rest = rest.subtract(whole)
  })
  if (negative && parts.length > 0) parts[0] = [parts[0]![0], parts[0]![1].negate()]
  return parts
}

function formatParts(cldr: CLDR, parts: [string, Decimal][], format: UnitFormatOptions): string {
  return parts
    .map(([unit, v], i) => {
      const opts = i < parts.length - 1 ? { ...format, maximumFractionDigits: 0 } : format
      return cldr.Units.formatQuantity({ value: v, unit: unit as UnitType }, opts)
    })
    .join(' ')
}

/**
 * Message placeholders arrive with options split at commas too; unit names following a `sequence:` or `out:` option
 * are joined back onto it (`sequence:hour`, `minute` -> `sequence:hour,minute`).
 */
export function joinListOptions(options: readonly string[]): string[] {
  const out: string[] = []
  for (const o of options) {
    const last = out.length - 1
    const prev = last >= 0 ? out[last]! : ''
    if (!o.includes(':') && /^(sequence|out):/.test(prev) && unitName(o) !== undefined)
      out[last] = `${prev},${o}`
    else out.push(o)
  }
  return out
}

/**
 * The `in:` unit. Without one, the quantity is taken in the category (of the first `out:` or `sequence:` unit) as
 * the locale measures it: the smallest unit of the locale's system where metric and US units differ (fahrenheit or
 * celsius, cubic inch or cubic centimetre), else the category's base unit (watt, bit).
 */
function inputUnit(req: UnitRequest, cldr: CLDR): string | undefined {
  if (req.input !== undefined) return unitName(req.input)
  const first = req.out?.[0] ?? req.sequence?.[0]
  const unit = first === undefined ? undefined : unitName(first)
  const category = unit === undefined ? undefined : categoryOf(unit)
  if (category === undefined) return undefined
  const key = DEFAULT_COMPACT[category]
  const lists = key === undefined ? undefined : COMPACT[key]
  if (key !== undefined && lists !== undefined && lists.us !== lists.metric) {
    const own = systemList(cldr, key)?.find((u) => categoryOf(u) === category)
    if (own !== undefined) return own
  }
  return baseUnit(category)
}

/** Formats a quantity per the `unit` arguments; '' when the value or the input unit is not usable. */
export function formatUnit(cldr: CLDR, raw: unknown, args: readonly string[]): string {
  if (typeof raw !== 'number' && typeof raw !== 'string') return ''
  let value: Decimal
  try {
    value = new Decimal(typeof raw === 'string' ? raw.trim() : raw)
  } catch {
    return ''
  }
  if (!value.isFinite()) return ''
  const req = parseRequest(args)
  const from = inputUnit(req, cldr)
  if (!from) return ''
  const category = categoryOf(from)!
  const sequence = unitList(req.sequence, category)
  if (sequence) return formatParts(cldr, splitSequence(value, from, sequence), req.format)
  const out = unitList(req.out, category)
  if (out) {
    const [unit, v] = bestFit(value, from, out)
    return formatParts(cldr, [[unit, v]], req.format)
  }
  const compactKey = req.compact ?? DEFAULT_COMPACT[category]
  const list = compactKey ? systemList(cldr, compactKey) : undefined
  const fitting = list?.filter((u) => categoryOf(u) === category)
  const [unit, v] = fitting && fitting.length > 0 ? bestFit(value, from, fitting) : [from, value]
  return formatParts(cldr, [[unit, v]], req.format)
}
