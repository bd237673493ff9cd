// Events collections: upcoming and past lists, and a month calendar (Monday first, full weeks; a multi-day event
// is listed on every day it covers). Days are calendar dates of the site's time zone.
import type { Json } from '../context/index.js'

const DAY = 86_400_000

export function splitEvents(items: Json[], now: number): { upcoming: Json[]; past: Json[] } {
  const end = (e: Json) => Number(e.endDate ?? e.startDate ?? 0)
  const upcoming = items.filter((e) => end(e) >= now).sort((a, b) => Number(a.startDate) - Number(b.startDate))
  const past = items.filter((e) => end(e) < now).sort((a, b) => Number(b.startDate) - Number(a.startDate))
  return { upcoming, past }
}

interface Ymd {
  y: number
  m: number
  d: number
}

/** The calendar date of an instant in a time zone. */
export function dateIn(ms: number, timeZone: string): Ymd {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(ms)
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(ms)
  }
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value)
  return { y: get('year'), m: get('month'), d: get('day') }
}

/** Noon UTC of a calendar date: an instant inside that date in every time zone from UTC-11 to UTC+11. */
const noon = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12)
const key = (t: Ymd) => t.y * 10000 + t.m * 100 + t.d

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** Calendar months from the current month through the month of the last upcoming event (at most 6). */
export function calendarMonths(items: Json[], now: number, timeZone: string, maxMonths = 6): Json[] {
  const today = dateIn(now, timeZone)
  let last = { y: today.y, m: today.m }
  for (const e of items) {
    const end = dateIn(Number(e.endDate ?? e.startDate), timeZone)
    if (end.y * 12 + end.m > last.y * 12 + last.m) last = { y: end.y, m: end.m }
  }
  const count = Math.min(maxMonths, last.y * 12 + last.m - (today.y * 12 + today.m) + 1)
  const spans = items.map((e) => ({ e, from: key(dateIn(Number(e.startDate), timeZone)), to: key(dateIn(Number(e.endDate ?? e.startDate), timeZone)) }))
  const months: Json[] = []
  for (let i = 0; i < count; i++) {
    const y = today.y + Math.floor((today.m - 1 + i) / 12)
    const m = ((today.m - 1 + i) % 12) + 1
    const first = new Date(noon(y, m, 1))
    const offset = (first.getUTCDay() + 6) % 7 // Monday = 0
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate()
    const cells = Math.ceil((offset + daysInMonth) / 7) * 7
    const weeks: Json[] = []
    let days: Json[] = []
    for (let c = 0; c < cells; c++) {
      const t = new Date(first.getTime() + (c - offset) * DAY)
      const ymd = { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() }
      const k = key(ymd)
      days.push({
        day: ymd.d,
        date: t.getTime(),
        inMonth: ymd.m === m,
        today: k === key(today),
        events: spans
          .filter((s) => s.from <= k && k <= s.to)
          .map((s) => ({ id: s.e.id, title: s.e.title, fullUrl: s.e.fullUrl, startDate: s.e.startDate, endDate: s.e.endDate })),
      })
      if (days.length === 7) {
        weeks.push({ days })
        days = []
      }
    }
    months.push({ year: y, month: m, title: `${MONTHS[m - 1]} ${y}`, weekdays: WEEKDAYS, weeks })
  }
  return months
}
