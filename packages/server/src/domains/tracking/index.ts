// Public API of the tracking domain: first-party visitor analytics (census hits, events, clanker v2 events,
// performance records, JavaScript errors) written behind a buffer into raw events and day rollups, the owner
// reports, and the tracking / cookie-banner settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'drizzle-orm'
import { isForeignKeyViolation, type Orm } from '../../platform/db/index.js'
import type { Invalidation } from '../../platform/invalidation.js'
import { dayOf, ORDER_LINE } from './aggregate.js'
import { sweepSessions } from './sessions.js'
import { createWriteBehind } from './buffer.js'
import { registerTagPolicy } from './csp.js'
import { createTrackingFastPath, type TrackingFastDeps } from './fast.js'
import type { VisitorContext, TrackingPorts } from './context.js'
import { loadCountryLookup, type CountryOf } from './enrich.js'
import { registerOwnerRoutes, type SalesOf } from './routes-owner.js'
import { registerRumRoutes } from './routes-rum.js'
import { registerVisitorRoutes } from './routes-visitor.js'
import { createSettingsStore } from './settings.js'
import { writeBatch } from './store.js'
import type { TrackedEvent } from './types.js'
import { every, type Every } from '../../platform/every.js'

export { trackingTables } from './schema.js'
export { ANALYTICS_ROLES } from './routes-owner.js'
export type { TrackingSettings } from './settings.js'

export interface TrackingDeps extends TrackingPorts {
  /** The owner route check (signed in, host rule, role). */
  authorize(request: FastifyRequest, siteId: string, allowed: readonly number[]): Promise<unknown>
  log?: { warn(obj: unknown, msg?: string): void }
  /** Country of an address; default geoip-lite (loaded on the first hit). null: no countries. */
  countryOf?: CountryOf | null
  /** Buffer tuning (defaults: 50 ms, 250 rows). */
  buffer?: { intervalMs?: number; maxRows?: number; maxPending?: number }
  now?: () => number
  /** Form views and submissions per form over UTC days (the forms domain's numbers); absent: no form report. */
  formConversion?: (siteId: string, from: string, to: string) => Promise<readonly { formId: string; name: string; views: number; submissions: number; rate: number }[]>
  /** The store's currency (ISO 4217): the funnel's revenue is in it. */
  currencyOf?: (siteId: string) => Promise<string>
  /** The store's sales over UTC days (commerce's orders table): the funnel's purchases and revenue. */
  salesOf?: SalesOf
  /** False once a site is removed (a failed import): events accepted for it before then are dropped, not retried. */
  siteExists?: (siteId: string) => Promise<boolean>
  /** True for a site others clone (a starter's live preview, owned by nobody): restrictive consent mode, always. */
  cloneable?: (siteId: string) => Promise<boolean>
  /**
   * The page-cache port (every node): an owner's settings change is announced through it, and every announcement
   * drops this process's copy of that site's settings (so a change through another node is seen at once).
   */
  invalidation?: Invalidation
}

/** A confirmed order, told by commerce (`commerce_checkout_order_confirmed`): feeds revenue and the funnel. */
export interface OrderConfirmed {
  websiteId: string
  orderId: string
  cartId: string
  testMode: boolean
  /** Grand total in minor units. */
  total: number
  lines: readonly { product: string; amount: number }[]
}

export function createTracking(orm: Orm, deps: TrackingDeps) {
  const now = deps.now ?? Date.now
  const settings = createSettingsStore(orm, now, deps.cloneable, (siteId) => deps.invalidation?.invalidate(siteId))
  deps.invalidation?.onInvalidate((siteId) => void settings.refresh(siteId).catch((e: unknown) => deps.log?.warn({ err: e }, 'tracking settings not refreshed')))
  /**
   * A batch's write. A site removed since its events were accepted (a failed import is removed) makes the whole
   * batch fail on its foreign keys, and the retry would fail the same way, holding every newer event behind it: that
   * site's events are dropped, as its rows would have gone with it, and the rest of the batch is written.
   */
  async function writeAccepted(batch: TrackedEvent[]): Promise<void> {
    try {
      await writeBatch(orm, batch)
    } catch (e) {
      if (!isForeignKeyViolation(e) || !deps.siteExists) throw e
      const sites = [...new Set(batch.map((x) => x.siteId))]
      const gone = new Set<string>()
      for (const id of sites) if (!(await deps.siteExists(id))) gone.add(id)
      if (gone.size === 0) throw e
      const rest = batch.filter((x) => !gone.has(x.siteId))
      deps.log?.warn({ sites: [...gone], dropped: batch.length - rest.length }, 'tracking events of removed sites dropped')
      await writeBatch(orm, rest)
    }
  }
  const buffer = createWriteBehind<TrackedEvent>({
    ...deps.buffer,
    write: (batch) => writeAccepted(batch),
    onError: (e) => deps.log?.warn({ err: e }, 'tracking batch not written yet; retrying'),
  })
  let country: CountryOf | null = deps.countryOf ?? null
  let loading = deps.countryOf !== undefined
  /** geoip-lite's tables load on the first counted hit, in the background (hits before that carry no country). */
  const countryOf = () => {
    if (!loading) {
      loading = true
      loadCountryLookup()
        .then((f) => (country = f))
        .catch((e: unknown) => deps.log?.warn({ err: e }, 'geoip data not loaded: no countries'))
    }
    return country
  }
  const ctx: VisitorContext = { settings, buffer, ports: deps, countryOf, now }
  let sweeper: Every | null = null

  async function sweep(): Promise<void> {
    await sweepSessions(orm, now())
    const today = dayOf(new Date(now()))
    await settings.dropOldSalts(today)
    await orm.execute(sql`DELETE FROM tracking_day_visitors WHERE day < (${today}::date - 2)`)
    await orm.execute(sql`DELETE FROM tracking_events e WHERE e.at < now() - make_interval(days => coalesce(
      (SELECT s.retention_days FROM tracking_settings s WHERE s.site_id = e.site_id), 90))`)
  }

  return {
    async routes(app: FastifyInstance): Promise<void> {
      registerVisitorRoutes(app, ctx)
      registerTagPolicy(app, settings)
      await registerRumRoutes(app, ctx)
      registerOwnerRoutes(app, { orm, settings, authorize: deps.authorize, now, formConversion: deps.formConversion, currencyOf: deps.currencyOf, salesOf: deps.salesOf })
    },
    async start(): Promise<void> {
      buffer.start()
      sweeper = every({ name: 'tracking sweep', ms: 60 * 60 * 1000, log: deps.log }, sweep)
    },
    /** Writes everything accepted (called on shutdown before the database closes). */
    async stop(): Promise<void> {
      await sweeper?.stop()
      sweeper = null
      await buffer.stop()
    },
    flush: () => buffer.flush(),
    /** The origin of the site's third-party tag while one is set (its pages need their CSP widened: not the page fast path). */
    tagOriginOf: (siteId: string) => settings.tagOriginOf(siteId),
    /** Whether the site asks visitors before it tracks them (restrictive mode or the consent banner): its other opt-ins start unticked too. */
    async asksConsent(siteId: string): Promise<boolean> {
      const s = await settings.get(siteId)
      return s.restrictive || s.bannerEnabled
    },
    /** The census-hit fast path in front of Fastify (see fast.ts). */
    fastPath: (fastDeps: TrackingFastDeps) => createTrackingFastPath(ctx, fastDeps),
    sweep,
    /** Revenue port: a confirmed (non-test) order counts once in the funnel and by product line. */
    recordOrder(o: OrderConfirmed): void {
      if (o.testMode) return
      const base = { siteId: o.websiteId, at: new Date(now()), visitor: '', session: `order:${o.orderId}`, path: '/checkout', source: '', campaign: '', device: '', browser: '', os: '', country: '' }
      buffer.push({ ...base, kind: 'commerce', name: 'commerce_checkout_order_confirmed', product: '', revenue: o.total, data: { orderId: o.orderId, cartId: o.cartId } })
      for (const l of o.lines) buffer.push({ ...base, kind: 'commerce', name: ORDER_LINE, product: l.product.slice(0, 200), revenue: l.amount, data: { orderId: o.orderId } })
    },
  }
}

export type Tracking = ReturnType<typeof createTracking>
