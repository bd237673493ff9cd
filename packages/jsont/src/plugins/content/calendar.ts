// Event helpers: the calendar-service link (UTC times as yyyyMMddTHHmmssZ) and same-day tests in the site's zone.
import { field, nonEmpty, num, text } from './values.js'
import type { Value } from '../types.js'

export const DEFAULT_TIME_ZONE = 'America/New_York'
const CALENDAR_BASE = 'http://www.google.com/calendar/event?action=TEMPLATE'

const pad = (n: number, w = 2): string => String(n).padStart(w, '0')

/** An epoch-ms instant as yyyyMMddTHHmmssZ in UTC; '' when not a finite time. */
export function calendarTime(ms: Value): string {
  const n = num(ms)
  if (n === undefined) return ''
  const d = new Date(n)
  if (Number.isNaN(d.getTime())) return ''
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  )
}

/** Event location as one line: addressLine1, addressLine2, addressCountry (present parts, comma separated). */
export function locationLine(location: Value): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((k) => field(location, k))
    .filter(nonEmpty)
    .join(', ')
}

/** Calendar-service "add event" URL of an event: title, UTC start/end and the optional location. */
export function calendarUrl(event: Value): string {
  let url = `${CALENDAR_BASE}&text=${encodeURIComponent(text(field(event, 'title')))}`
  url += `&dates=${calendarTime(field(event, 'startDate'))}/${calendarTime(field(event, 'endDate'))}`
  const where = locationLine(field(event, 'location'))
  if (where !== '') url += `&location=${encodeURIComponent(where)}`
  return url
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    } catch {
      f = dayFormat(DEFAULT_TIME_ZONE)
    }
    dayFormats.set(timeZone, f)
  }
  return f
}

/** The calendar day (y-m-d) of an instant in a time zone (an unknown zone falls back to the default). */
export function dayKey(ms: number, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(ms))
}

/** Both instants fall on the same calendar day in the zone. */
export function sameDay(start: Value, end: Value, timeZone: string): boolean {
  const a = num(start)
  const b = num(end)
  if (a === undefined || b === undefined) return false
  if (Number.isNaN(new Date(a).getTime()) || Number.isNaN(new Date(b).getTime())) return false
  return dayKey(a, timeZone) === dayKey(b, timeZone)
}
