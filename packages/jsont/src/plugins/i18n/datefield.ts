// `datetimefield`: one field of an instant (weekday, month, year, hour, ...) in the locale's own words and digits,
// through CLDR's raw date patterns: `{t|datetimefield weekday}`, `{t|datetimefield month abbreviated}`,
// `{t|datetimefield pattern:MMMM}`.
import type { CLDR, ZonedDateTime } from '@phensley/cldr'
import { splitArgs } from './options.js'

type Width = 'wide' | 'abbreviated' | 'narrow' | 'numeric'

const WIDTHS: Readonly<Record<string, Width>> = {
  wide: 'wide',
  long: 'wide',
  full: 'wide',
  abbreviated: 'abbreviated',
  short: 'abbreviated',
  narrow: 'narrow',
  numeric: 'numeric',
}

/** field -> CLDR pattern per width */
const FIELDS: Readonly<Record<string, Readonly<Record<Width, string>>>> = {
  era: { wide: 'GGGG', abbreviated: 'G', narrow: 'GGGGG', numeric: 'G' },
  year: { wide: 'y', abbreviated: 'yy', narrow: 'yy', numeric: 'y' },
  quarter: { wide: 'QQQQ', abbreviated: 'QQQ', narrow: 'QQQQQ', numeric: 'Q' },
  month: { wide: 'LLLL', abbreviated: 'LLL', narrow: 'LLLLL', numeric: 'L' },
  week: { wide: 'w', abbreviated: 'w', narrow: 'w', numeric: 'w' },
  day: { wide: 'd', abbreviated: 'd', narrow: 'd', numeric: 'd' },
  weekday: { wide: 'cccc', abbreviated: 'ccc', narrow: 'ccccc', numeric: 'c' },
  dayperiod: { wide: 'aaaa', abbreviated: 'a', narrow: 'aaaaa', numeric: 'a' },
  hour: { wide: 'h', abbreviated: 'h', narrow: 'h', numeric: 'H' },
  minute: { wide: 'mm', abbreviated: 'mm', narrow: 'm', numeric: 'mm' },
  second: { wide: 'ss', abbreviated: 'ss', narrow: 's', numeric: 'ss' },
  zone: { wide: 'zzzz', abbreviated: 'z', narrow: 'z', numeric: 'xxx' },
}

const ALIASES: Readonly<Record<string, string>> = {
  'day-of-week': 'weekday',
  dayofweek: 'weekday',
  'day-of-month': 'day',
  'day-period': 'dayperiod',
  ampm: 'dayperiod',
  timezone: 'zone',
}

/** The pattern for the arguments, or undefined when they name no field. */
export function fieldPattern(args: readonly string[]): string | undefined {
  let field: string | undefined
  let width: Width = 'wide'
  for (const [key, value] of splitArgs(args)) {
    if (key === 'pattern' && value) return value
    const name = key === 'field' ? value : key
    const w = WIDTHS[key === 'width' ? value : key]
    if (w) width = w
    else if (FIELDS[ALIASES[name] ?? name]) field = ALIASES[name] ?? name
  }
  return field ? FIELDS[field]![width] : undefined
}

export function formatDateField(cldr: CLDR, date: ZonedDateTime, args: readonly string[]): string {
  const pattern = fieldPattern(args)
  return pattern ? cldr.Calendars.formatDateRaw(date, { pattern }) : ''
}
