import { describe, expect, it } from 'vitest'
import { DATE_FORMATTERS } from '../../src/plugins/formatters.date.js'
import { apply, testCtx } from './ctx.js'

const date = DATE_FORMATTERS.date
// 2024-03-05 14:07:09.250 UTC, a Tuesday
const T = 1709647629250

describe('date (strftime)', () => {
  const utc = { website: { timeZone: 'UTC' } }
  const fmt = (pattern: string, root: unknown = utc, value: unknown = T) =>
    apply(date, [value], pattern.split(' '), testCtx(root))

  it('formats every directive', () => {
    const cases: [string, string][] = [
      ['%a %A %b %B %h', 'Tue Tuesday Mar March Mar'],
      ['%C %y %Y %G %g', '20 24 2024 2024 24'],
      ['%d %e %j %m %q', '05  5 065 03 1'],
      ['%H %I %k %l %M %S', '14 02 14  2 07 09'],
      ['%p %P %N %s', 'PM pm 250000000 1709647629'],
      ['%u %w %U %W %V', '2 2 10 10 10'],
      ['%D %F %T %R', '03/05/24 2024-03-05 14:07:09 14:07'],
      ['%r|%x|%X|%v', '2:07:09 PM|03/05/2024|02:07:09 PM| 5-Mar-2024'],
      ['%c', 'Tue, Mar 5, 2024 2:07:09 PM UTC'],
      ['%z %Z', '+00:00 UTC'],
      ['a%%b %n%t %Q', 'a%b \n\t %Q'],
    ]
    for (const [pattern, want] of cases) expect(fmt(pattern)).toBe(want)
  })

  it('uses the site time zone, default America/New_York', () => {
    expect(fmt('%H:%M %Z %z', {})).toBe('09:07 EST -05:00')
    expect(fmt('%H:%M %Z %z', { website: { timeZone: 'Asia/Kolkata' } })).toBe('19:37 IST +05:30')
    expect(fmt('%H:%M %Z', { websiteSettings: { timeZone: 'Europe/London' } })).toBe('14:07 GMT')
  })

  it('warns about a zone without data and falls back to the host offset', () => {
    const ctx = testCtx({ website: { timeZone: 'Nowhere/Town' } })
    expect(apply(date, [T], ['%Y'], ctx)).toBe('2024')
    expect(ctx.errors.map((e) => e.code)).toEqual(['TIMEZONE_MISSING'])
  })

  it('prints nothing for non-dates and errors outside Julian days 0..4881503', () => {
    expect(fmt('%Y', utc, 'soon')).toBe('')
    expect(fmt('%Y', utc, Number.NaN)).toBe('')
    const ctx = testCtx(utc)
    expect(apply(date, [-210866760000000 - 86400000], ['%Y'], ctx)).toBe('')
    expect(ctx.errors[0]?.code).toBe('JULIAN_DAY_RANGE')
  })

  it('accepts numeric strings', () => {
    expect(fmt('%F', utc, String(T))).toBe('2024-03-05')
  })
})

describe('timesince and humanizeDuration', () => {
  const since = (then: unknown, now: number) =>
    apply(DATE_FORMATTERS.timesince, [then], [], testCtx({}, 'en-US', now))
  it('reads elapsed time in words', () => {
    const now = 2_000_000_000_000
    expect(since(now - 59_000, now)).toContain('>less than a minute ago<')
    expect(since(now - 2 * 60_000, now)).toContain('>about 2 minutes ago<')
    expect(since(now - 2 * 86_400_000, now)).toContain('>about 2 days ago<')
    expect(since(now - 800 * 86_400_000, now)).toContain('>about 2 years ago<')
    expect(since(now, now)).toBe(`<span class="timesince" data-date="${now}">less than a minute ago</span>`)
  })
  it("says 'Invalid date.' and escapes the raw value of a non-date", () => {
    expect(since('<x>', 0)).toBe('<span class="timesince" data-date="&lt;x&gt;">Invalid date.</span>')
  })
  it('prints durations as clocks', () => {
    const h = DATE_FORMATTERS.humanizeDuration
    expect(apply(h, [125000], [], testCtx({}))).toBe('2:05')
    expect(apply(h, [3_725_000], [], testCtx({}))).toBe('1:02:05')
    expect(apply(h, ['-61000'], [], testCtx({}))).toBe('-1:01')
    expect(apply(h, [{}], [], testCtx({}))).toBe('')
  })
})
