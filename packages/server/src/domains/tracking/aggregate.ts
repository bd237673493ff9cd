// Turns a batch of tracked events into rollup deltas, against the visit state of the open sessions it is given
// (a visit ends after 30 idle minutes; `sessions.ts` keeps them in PostgreSQL for every node). Pure apart from the
// session map, which it updates.
import { bucketOf } from './buckets.js'
import { COMMERCE_EVENTS, SESSION_DIMS, type Attributes, type TrackedEvent } from './types.js'

/** A line of a confirmed order: revenue by product (the order itself counts once in the funnel). */
export const ORDER_LINE = 'commerce_order_line'

export const SESSION_IDLE_MS = 30 * 60 * 1000

export interface Delta {
  views: number
  visits: number
  bounces: number
  entries: number
  exits: number
  durationMs: number
  durations: number
  events: number
  revenue: number
}

export interface VisitSession {
  startDay: string
  lastPath: string
  lastDay: string
  lastAt: number
  views: number
  attrs: Attributes
}

export interface Aggregate {
  /** Keyed by `${siteId}\u0000${day}\u0000${dim}\u0000${key}`. */
  rollups: Map<string, Delta>
  /** First sighting of each (site, day, visitor) in this batch, with the attributes to credit if the day is new. */
  visitors: Map<string, { siteId: string; day: string; visitor: string; attrs: Attributes }>
  /** `${siteId}\u0000${day}\u0000${path}\u0000${metric}\u0000${bucket}` -> count */
  vitals: Map<string, number>
  errors: Map<string, { siteId: string; fingerprint: string; message: string; stack: string; app: string; path: string; count: number; first: Date; last: Date }>
}

/** The last day asked for, and where it starts: nearly every call (each hit, each event of a batch) asks for it again. */
let lastDayStart = NaN
let lastDay = ''
/** The UTC day of `d` (YYYY-MM-DD); throws RangeError for an invalid date, as toISOString does. */
export function dayOf(d: Date): string {
  const t = d.getTime()
  if (t >= lastDayStart && t < lastDayStart + 86_400_000) return lastDay
  const day = d.toISOString().slice(0, 10)
  lastDayStart = Date.parse(day)
  lastDay = day
  return day
}
export const SEP = '\u0000'

const zero = (): Delta => ({ views: 0, visits: 0, bounces: 0, entries: 0, exits: 0, durationMs: 0, durations: 0, events: 0, revenue: 0 })

/** sessionKeys of a visit's attributes, made once per attributes object (a visit's page views share it). */
const keysOfAttrs = new WeakMap<Attributes, readonly [string, string][]>()
function visitKeys(attrs: Attributes): readonly [string, string][] {
  let keys = keysOfAttrs.get(attrs)
  if (!keys) keysOfAttrs.set(attrs, (keys = sessionKeys(attrs)))
  return keys
}

export function sessionKeys(attrs: Attributes): [string, string][] {
  const keys: [string, string][] = []
  for (const dim of SESSION_DIMS) {
    if (dim === 'site') keys.push([dim, ''])
    else if (attrs[dim] !== '') keys.push([dim, attrs[dim]])
  }
  return keys
}

export function aggregate(batch: readonly TrackedEvent[], sessions: Map<string, VisitSession>): Aggregate {
  const out: Aggregate = { rollups: new Map(), visitors: new Map(), vitals: new Map(), errors: new Map() }
  // the row of a rollup key, made on first use; callers add to its fields. Found through maps of the event's own
  // strings (site, day, dimension, key): a hit's ten or so rows cost no key string each, one is made per new row.
  const index = new Map<string, Map<string, Map<string, Map<string, Delta>>>>()
  const row = (siteId: string, day: string, dim: string, key: string): Delta => {
    let byDay = index.get(siteId)
    if (!byDay) index.set(siteId, (byDay = new Map()))
    let byDim = byDay.get(day)
    if (!byDim) byDay.set(day, (byDim = new Map()))
    let byKey = byDim.get(dim)
    if (!byKey) byDim.set(dim, (byKey = new Map()))
    let r = byKey.get(key)
    if (!r) {
      byKey.set(key, (r = zero()))
      out.rollups.set(`${siteId}${SEP}${day}${SEP}${dim}${SEP}${key}`, r)
    }
    return r
  }
  const ordered = [...batch].sort((a, b) => a.at.getTime() - b.at.getTime())
  for (const e of ordered) {
    const day = dayOf(e.at)
    if (e.kind === 'vital') {
      const k = `${e.siteId}${SEP}${day}${SEP}${e.path}${SEP}${e.metric}${SEP}${bucketOf(e.value)}`
      out.vitals.set(k, (out.vitals.get(k) ?? 0) + 1)
      continue
    }
    if (e.kind === 'error') {
      const k = `${e.siteId}${SEP}${e.fingerprint}${SEP}${e.path}`
      const found = out.errors.get(k)
      if (found) {
        found.count++
        found.last = e.at
      } else out.errors.set(k, { siteId: e.siteId, fingerprint: e.fingerprint, message: e.message, stack: e.stack, app: e.app, path: e.path, count: 1, first: e.at, last: e.at })
      continue
    }
    const vk = `${e.siteId}${SEP}${day}${SEP}${e.visitor}`
    if (e.visitor && !out.visitors.has(vk)) out.visitors.set(vk, { siteId: e.siteId, day, visitor: e.visitor, attrs: pickAttrs(e) })
    if (e.kind === 'pageview') pageView(e, day, sessions, row)
    else if (e.kind === 'search') row(e.siteId, day, 'search', e.query.toLowerCase().slice(0, 200)).events++
    else if (e.kind === 'event') row(e.siteId, day, 'event', e.name).events++
    else if (e.name === ORDER_LINE) {
      if (e.product) row(e.siteId, day, 'product', e.product).revenue += e.revenue
    } else {
      row(e.siteId, day, 'event', e.name).events++
      const step = COMMERCE_EVENTS[e.name]
      if (step) {
        const funnel = row(e.siteId, day, 'funnel', step)
        funnel.events++
        if (step === 'purchase') funnel.revenue += e.revenue
      }
      if (e.product && step === 'pdp') row(e.siteId, day, 'product', e.product).views++
      else if (e.product && step === 'add') row(e.siteId, day, 'product', e.product).events++
    }
  }
  return out
}

function pickAttrs(e: Attributes): Attributes {
  return { source: e.source, campaign: e.campaign, device: e.device, browser: e.browser, os: e.os, country: e.country }
}

type Row = (siteId: string, day: string, dim: string, key: string) => Delta

function pageView(e: Extract<TrackedEvent, { kind: 'pageview' }>, day: string, sessions: Map<string, VisitSession>, row: Row) {
  const at = e.at.getTime()
  const sk = `${e.siteId}${SEP}${e.session}`
  let s = sessions.get(sk)
  if (s && at - s.lastAt > SESSION_IDLE_MS) s = undefined
  let keys: readonly [string, string][]
  if (!s) {
    s = { startDay: day, lastPath: e.path, lastDay: day, lastAt: at, views: 0, attrs: pickAttrs(e) }
    sessions.set(sk, s)
    keys = visitKeys(s.attrs)
    for (const [dim, key] of keys) {
      const r = row(e.siteId, day, dim, key)
      r.visits++
      r.bounces++
    }
    row(e.siteId, day, 'page', e.path).entries++
  } else {
    keys = visitKeys(s.attrs)
    // A second page: the visit is no bounce; the previous page gets its time and is no longer the exit.
    if (s.views === 1) for (const [dim, key] of keys) row(e.siteId, s.startDay, dim, key).bounces--
    const spent = Math.max(0, at - s.lastAt)
    const previous = row(e.siteId, s.lastDay, 'page', s.lastPath)
    previous.durationMs += spent
    previous.durations++
    previous.exits--
    // the site row carries the day's time on page too: the traffic totals read one row a day, not every page's
    const site = row(e.siteId, s.lastDay, 'site', '')
    site.durationMs += spent
    site.durations++
  }
  s.views++
  s.lastPath = e.path
  s.lastDay = day
  s.lastAt = at
  const page = row(e.siteId, day, 'page', e.path)
  page.views++
  page.exits++
  for (const [dim, key] of keys) row(e.siteId, day, dim, key).views++
  if (e.path.startsWith('/checkout')) row(e.siteId, day, 'funnel', 'checkout').events++
}
