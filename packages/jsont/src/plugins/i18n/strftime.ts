// strftime-style formatting for the `date` formatter. Calendar fields, week numbers, zone offsets and abbreviations
// and the month, weekday and day-period names all come from @phensley/cldr; this file only maps directives to them.
import type { CalendarDate, CLDR } from '@phensley/cldr'

/** Julian days outside this range are an error. */
export const MIN_JULIAN_DAY = 0
export const MAX_JULIAN_DAY = 4881503
const UNIX_EPOCH_JULIAN_DAY = 2440587.5
const DAY_MS = 86_400_000

export function julianDay(ms: number): number {
  return ms / DAY_MS + UNIX_EPOCH_JULIAN_DAY
}

/** An instant in a zone: the calendar fields plus the zone's offset (ms) and abbreviation at that instant. */
export interface ZonedFields {
  date: CalendarDate
  offset: number
  abbr: string
}

/** The instant in a zone CLDR knows. */
export function inZone(cldr: CLDR, ms: number, zoneId: string): ZonedFields {
  const info = cldr.Calendars.timeZoneFromUTC(ms, zoneId)
  const date = cldr.Calendars.toGregorianDate({ date: ms, zoneId })
  return { date, offset: info?.offset ?? date.timeZoneOffset(), abbr: info?.abbr ?? 'UTC' }
}

/** The instant at a fixed offset (minutes east of UTC), for when a zone has no data. */
export function atOffset(cldr: CLDR, ms: number, offsetMinutes: number): ZonedFields {
  const offset = offsetMinutes * 60_000
  const date = cldr.Calendars.toGregorianDate({ date: ms + offset, zoneId: 'Etc/UTC' })
  return { date, offset, abbr: formatOffset(offset, true) }
}

const pad = (n: number, width: number, fill = '0'): string => String(n).padStart(width, fill)

function formatOffset(offsetMs: number, colon: boolean): string {
  const total = Math.round(Math.abs(offsetMs) / 60_000)
  const sign = offsetMs < 0 ? '-' : '+'
  return `${sign}${pad(Math.floor(total / 60), 2)}${colon ? ':' : ''}${pad(total % 60, 2)}`
}

/** Week of the year where weeks start on `firstDay` (0 = Sunday) and week 1 holds January 1st. */
function weekOfYear(d: CalendarDate, firstDay: number): number {
  const dow = d.dayOfWeek() - 1 // 0 = Sunday
  const yday = d.dayOfYear() - 1
  const jan1 = (((dow - yday) % 7) + 7) % 7
  const lead = (jan1 - firstDay + 7) % 7
  return Math.floor((yday + lead) / 7) + 1
}

interface Names {
  months: Record<string, string>
  monthsAbbr: Record<string, string>
  weekdays: Record<string, string>
  weekdaysAbbr: Record<string, string>
  am: string
  pm: string
}

const namesCache = new WeakMap<CLDR, Names>()

function names(cldr: CLDR): Names {
  let n = namesCache.get(cldr)
  if (!n) {
    const C = cldr.Calendars
    const periods = C.dayPeriods({ width: 'abbreviated' }) as Record<string, Record<string, string>>
    n = {
      months: C.months({ width: 'wide' }) as Record<string, string>,
      monthsAbbr: C.months({ width: 'abbreviated' }) as Record<string, string>,
      weekdays: C.weekdays({ width: 'wide' }) as Record<string, string>,
      weekdaysAbbr: C.weekdays({ width: 'abbreviated' }) as Record<string, string>,
      am: periods.am?.none ?? 'AM',
      pm: periods.pm?.none ?? 'PM',
    }
    namesCache.set(cldr, n)
  }
  return n
}

/** Expands one directive letter; undefined for an unknown letter (printed as written). */
function directive(c: string, z: ZonedFields, ms: number, nm: Names): string | undefined {
  const d = z.date
  const hour = d.hourOfDay()
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  const period = hour < 12 ? nm.am : nm.pm
  const month = nm.monthsAbbr[String(d.month())] ?? ''
  const weekday = nm.weekdaysAbbr[String(d.dayOfWeek())] ?? ''
  const mm = pad(d.minute(), 2)
  const ss = pad(d.second(), 2)
  switch (c) {
    case 'a':
      return weekday
    case 'A':
      return nm.weekdays[String(d.dayOfWeek())] ?? ''
    case 'b':
    case 'h':
      return month
    case 'B':
      return nm.months[String(d.month())] ?? ''
    case 'c':
      return `${weekday}, ${month} ${d.dayOfMonth()}, ${d.year()} ${hour12}:${mm}:${ss} ${period} ${z.abbr}`
    case 'C':
      return pad(Math.floor(d.year() / 100), 2)
    case 'd':
      return pad(d.dayOfMonth(), 2)
    case 'D':
      return `${pad(d.month(), 2)}/${pad(d.dayOfMonth(), 2)}/${pad(d.year() % 100, 2)}`
    case 'e':
      return pad(d.dayOfMonth(), 2, ' ')
    case 'F':
      return `${d.year()}-${pad(d.month(), 2)}-${pad(d.dayOfMonth(), 2)}`
    case 'g':
      return pad(d.yearOfWeekOfYearISO() % 100, 2)
    case 'G':
      return String(d.yearOfWeekOfYearISO())
    case 'H':
      return pad(hour, 2)
    case 'I':
      return pad(hour12, 2)
    case 'j':
      return pad(d.dayOfYear(), 3)
    case 'k':
      return pad(hour, 2, ' ')
    case 'l':
      return pad(hour12, 2, ' ')
    case 'm':
      return pad(d.month(), 2)
    case 'M':
      return mm
    case 'n':
      return '\n'
    case 'N':
      return pad(((ms % 1000) + 1000) % 1000, 3) + '000000'
    case 'p':
      return period
    case 'P':
      return period.toLowerCase()
    case 'q':
      return String(Math.floor((d.month() - 1) / 3) + 1)
    case 'r':
      return `${hour12}:${mm}:${ss} ${period}`
    case 'R':
      return `${pad(hour, 2)}:${mm}`
    case 's':
      return String(Math.floor(ms / 1000))
    case 'S':
      return ss
    case 't':
      return '\t'
    case 'T':
      return `${pad(hour, 2)}:${mm}:${ss}`
    case 'u':
      return String(d.dayOfWeek() === 1 ? 7 : d.dayOfWeek() - 1)
    case 'U':
      return pad(weekOfYear(d, 0), 2)
    case 'V':
      return pad(d.weekOfYearISO(), 2)
    case 'v':
      return `${pad(d.dayOfMonth(), 2, ' ')}-${month}-${d.year()}`
    case 'w':
      return String(d.dayOfWeek() - 1)
    case 'W':
      return pad(weekOfYear(d, 1), 2)
    case 'x':
      return `${pad(d.month(), 2)}/${pad(d.dayOfMonth(), 2)}/${d.year()}`
    case 'X':
      return `${pad(hour12, 2)}:${mm}:${ss} ${period}`
    case 'y':
      return pad(d.year() % 100, 2)
    case 'Y':
      return String(d.year())
    case 'z':
      return formatOffset(z.offset, true)
    case 'Z':
      return z.abbr
    case '%':
      return '%'
    default:
      return undefined
  }
}

/** Formats `ms` (already placed in its zone by inZone/atOffset) with a strftime pattern. */
export function strftime(cldr: CLDR, pattern: string, ms: number, z: ZonedFields): string {
  const nm = names(cldr)
  let out = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch !== '%' || i + 1 >= pattern.length) {
      out += ch
      continue
    }
    const c = pattern[++i]!
    out += directive(c, z, ms, nm) ?? `%${c}`
  }
  return out
}
