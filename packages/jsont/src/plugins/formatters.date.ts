// Date family: `date` (strftime with the site's time zone), `timesince`, `humanizeDuration`.
import type { CLDR } from '@phensley/cldr'
import { getCldr, DEFAULT_LOCALE } from './i18n/cldr.js'
import { I18nErrorCode } from './i18n/codes.js'
import { siteTimeZone, toEpoch } from './i18n/dates.js'
import { clockDuration, timeSince } from './i18n/humanize.js'
import {
  atOffset,
  inZone,
  julianDay,
  MAX_JULIAN_DAY,
  MIN_JULIAN_DAY,
  strftime,
  type ZonedFields,
} from './i18n/strftime.js'
import type { Formatter, FormatterTable, PluginContext } from './types.js'

/** The text a relative-time formatter prints for something that is not a date. */
export const INVALID_DATE = 'Invalid date.'

/** Names for strftime come from the render's locale; without locale data, from en-US. */
function namesCldr(ctx: PluginContext): CLDR | undefined {
  return ctx.cldr() ?? getCldr(DEFAULT_LOCALE)
}

/**
 * The instant in the site's zone. A zone without data is reported (a warning) and the host's own offset is used
 * instead, as the reference falls back to the browser's.
 */
function place(ctx: PluginContext, cldr: CLDR, ms: number): ZonedFields {
  const wanted = siteTimeZone(ctx)
  const id = cldr.Calendars.resolveTimeZoneId(wanted)
  if (id) return inZone(cldr, ms, id)
  ctx.error(I18nErrorCode.TIMEZONE_MISSING, `Missing time zone data for '${wanted}': using the local offset`)
  return atOffset(cldr, ms, -new Date(ms).getTimezoneOffset())
}

const date: Formatter = (vars, args, ctx) => {
  const v = vars[0]!
  const ms = toEpoch(v.value)
  if (ms === undefined) {
    v.value = ''
    return
  }
  const jd = julianDay(ms)
  if (!(jd >= MIN_JULIAN_DAY && jd <= MAX_JULIAN_DAY)) {
    ctx.error(
      I18nErrorCode.JULIAN_DAY_RANGE,
      `Julian day ${Math.floor(jd)} is out of range ${MIN_JULIAN_DAY} to ${MAX_JULIAN_DAY}`,
    )
    v.value = ''
    return
  }
  const cldr = namesCldr(ctx)
  if (!cldr) {
    v.value = ''
    return
  }
  v.value = strftime(cldr, args.join(' '), ms, place(ctx, cldr, ms))
}

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const timesince: Formatter = (vars, _args, ctx) => {
  const v = vars[0]!
  const ms = toEpoch(v.value)
  const raw = typeof v.value === 'string' || typeof v.value === 'number' ? String(v.value) : ''
  const text = ms === undefined ? INVALID_DATE : timeSince(ms, ctx.now)
  v.value = `<span class="timesince" data-date="${escapeAttr(raw)}">${text}</span>`
}

const humanizeDuration: Formatter = (vars) => {
  const v = vars[0]!
  const ms = toEpoch(v.value)
  v.value = ms === undefined ? '' : clockDuration(ms)
}

export const DATE_FORMATTERS: FormatterTable = {
  date,
  timesince,
  humanizeDuration,
  'humanize-duration': humanizeDuration,
}
