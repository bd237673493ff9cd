// Plain-English elapsed-time phrases for `timesince` and the clock-style duration of `humanizeDuration`.

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/** Largest first: [seconds per unit, singular phrase, unit name]. */
const UNITS: readonly (readonly [number, string, string])[] = [
  [YEAR, 'a year', 'years'],
  [MONTH, 'a month', 'months'],
  [DAY, 'a day', 'days'],
  [HOUR, 'an hour', 'hours'],
  [MINUTE, 'a minute', 'minutes'],
]

/**
 * How long ago `then` was at `now` (both epoch ms): 'less than a minute ago', 'about a minute ago',
 * 'about 3 hours ago', 'about 70 years ago'. A future instant reads 'about 3 hours from now'.
 */
export function timeSince(then: number, now: number): string {
  const seconds = Math.abs(now - then) / 1000
  const suffix = then > now ? 'from now' : 'ago'
  if (seconds < MINUTE) return then > now ? 'in less than a minute' : 'less than a minute ago'
  for (const [size, one, many] of UNITS) {
    const n = Math.floor(seconds / size)
    if (n >= 1) return `about ${n === 1 ? one : `${n} ${many}`} ${suffix}`
  }
  return `less than a minute ${suffix}`
}

/** A duration in milliseconds as a clock: 125000 -> '2:05', 3725000 -> '1:02:05'. */
export function clockDuration(ms: number): string {
  const sign = ms < 0 ? '-' : ''
  const total = Math.floor(Math.abs(ms) / 1000)
  const h = Math.floor(total / HOUR)
  const m = Math.floor((total % HOUR) / MINUTE)
  const s = String(total % MINUTE).padStart(2, '0')
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${s}` : `${sign}${m}:${s}`
}
