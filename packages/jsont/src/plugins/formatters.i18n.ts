// I18N family: CLDR number, currency, date, relative-time, message and unit formatting. Without locale data
// (locale 'none') every one of them prints ''.
import {
  configuredTimeZone,
  formatDateTime,
  formatInterval,
  formatRelative,
  resolveZone,
  toEpoch,
  zoned,
} from './i18n/dates.js'
import { formatDateField } from './i18n/datefield.js'
import { formatMessage } from './i18n/message.js'
import { formatLegacyMoney, readMoney } from './commerce/money.js'
import { formatMoney } from './i18n/money.js'
import { getCldr } from './i18n/cldr.js'
import { I18nErrorCode } from './i18n/codes.js'
import { currencyOptions, decimalOptions } from './i18n/options.js'
import { formatUnit } from './i18n/units.js'
import type { CLDR } from '@phensley/cldr'
import type { Formatter, FormatterTable, PluginContext, Variable } from './types.js'

/** The text a relative-time formatter prints for something that is not a date. */
export const INVALID_DATE = 'Invalid date.'

/** Wraps a formatter body: no CLDR (locale 'none') prints ''; a CLDR failure prints '' and records an error. */
type Body = (vars: Variable[], args: readonly string[], ctx: PluginContext, cldr: CLDR) => string

function cldrFormatter(name: string, body: Body): Formatter {
  return (vars, args, ctx) => {
    const cldr = ctx.cldr()
    const v = vars[0]!
    if (!cldr) {
      v.value = ''
      return
    }
    try {
      v.value = body(vars, args, ctx, cldr)
    } catch (e) {
      ctx.error(I18nErrorCode.FORMATTER_FAILED, `${name}: ${(e as Error).message}`)
      v.value = ''
    }
  }
}

const decimal = cldrFormatter('decimal', (vars, args, _ctx, cldr) => {
  const raw = vars[0]!.value
  if (typeof raw !== 'number' && typeof raw !== 'string') return ''
  const n = typeof raw === 'string' ? raw.trim() : raw
  if (n === '' || !Number.isFinite(Number(n))) return ''
  return cldr.Numbers.formatDecimal(n, decimalOptions(args))
})

const money = cldrFormatter('money', (vars, args, _ctx, cldr) => {
  const m = readMoney(vars[0]!.value, { requireCurrency: true })
  return m ? formatMoney(cldr, m.amount.toString(), m.currency, currencyOptions(args)) : ''
})

/** `{money|i18n-money-format de-DE}`: the legacy storefront layout in the given locale (else the render's). */
const i18nMoneyFormat: Formatter = (vars, args, ctx) => {
  const v = vars[0]!
  const m = readMoney(v.value, { requireCurrency: true })
  const cldr = args[0] ? getCldr(args[0]) : ctx.cldr()
  v.value = m && cldr ? formatLegacyMoney(m, cldr) : ''
}

const datetime = cldrFormatter('datetime', (vars, args, ctx, cldr) => {
  const ms = toEpoch(vars[0]!.value)
  if (ms === undefined) return ''
  return formatDateTime(cldr, zoned(ms, resolveZone(ctx, cldr)), args)
})

/** `{t|datetimefield weekday}`: one field of the instant, in the site's zone. */
const datetimefield = cldrFormatter('datetimefield', (vars, args, ctx, cldr) => {
  const ms = toEpoch(vars[0]!.value)
  if (ms === undefined) return ''
  return formatDateField(cldr, zoned(ms, resolveZone(ctx, cldr)), args)
})

const datetimeInterval = cldrFormatter('datetime-interval', (vars, args, ctx, cldr) => {
  const start = toEpoch(vars[0]!.value)
  const end = toEpoch(vars[1]?.value)
  if (start === undefined || end === undefined) return ''
  const zone = resolveZone(ctx, cldr)
  return formatInterval(cldr, zoned(start, zone), zoned(end, zone), args)
})

/** Relative times count calendar units in the site's zone when one is configured, else in UTC. */
function relativeZone(ctx: PluginContext, cldr: CLDR): string {
  return configuredTimeZone(ctx) === undefined ? 'UTC' : resolveZone(ctx, cldr)
}

/** `{t|relative-time}` is relative to the render clock; `{start,end|relative-time}` between two instants. */
const relativeTime = cldrFormatter('relative-time', (vars, args, ctx, cldr) => {
  const two = vars.length > 1
  const start = two ? toEpoch(vars[0]!.value) : ctx.now
  const end = two ? toEpoch(vars[1]!.value) : toEpoch(vars[0]!.value)
  if (start === undefined || end === undefined) return INVALID_DATE
  const zone = relativeZone(ctx, cldr)
  return formatRelative(cldr, zoned(start, zone), zoned(end, zone), args)
})

const message = cldrFormatter('message', (vars, args, ctx, cldr) => {
  const text = vars[0]!.value
  return typeof text === 'string' ? formatMessage(cldr, ctx, text, args) : ''
})

const unit = cldrFormatter('unit', (vars, args, _ctx, cldr) => formatUnit(cldr, vars[0]!.value, args))

export const I18N_FORMATTERS: FormatterTable = {
  decimal,
  money,
  'i18n-money-format': i18nMoneyFormat,
  datetime,
  datetimefield,
  'datetime-interval': datetimeInterval,
  'relative-time': relativeTime,
  message,
  plural: message,
  unit,
  // 'units-metric?' (not implemented: an error) is core's formatter fallback; its predicate form is in I18N_PREDICATES
}
