import type { TrackingSettings } from '@sitewright/contracts'
// Per-site tracking settings (cached briefly in memory: every hit reads them) and the per-site daily salts.
import { randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { createRefreshingCache } from '../../platform/cache.js'
import type { Orm } from '../../platform/db/index.js'
import { trackingSalts, trackingSettings } from './schema.js'
import type { SettingsInput } from './validators.js'


export type { TrackingSettings }

export const DEFAULT_SETTINGS: TrackingSettings = {
  disabled: false,
  bannerEnabled: false,
  restrictive: false,
  bannerText: 'We use cookies to understand how visitors use this site.',
  acceptText: 'Accept',
  declineText: 'Decline',
  retentionDays: 90,
  analyticsTag: '',
  pixelId: '',
  tagUrl: '',
}

/** The origin a tag address loads from ('' when there is none or it is not https). */
export function tagOrigin(tagUrl: string): string {
  try {
    const u = new URL(tagUrl)
    return u.protocol === 'https:' ? u.origin : ''
  } catch {
    return ''
  }
}

const TTL_MS = 5000

/**
 * `cloneable(siteId)`: true for a site others copy (a starter's live preview): such a site always uses the
 * restrictive cookie policy, whatever its stored settings say.
 */
export function createSettingsStore(
  orm: Orm,
  now: () => number = Date.now,
  cloneable: (siteId: string) => Promise<boolean> = async () => false,
  /** Told after a change (the app broadcasts it: every node's `refresh` runs). */
  onChange?: (siteId: string) => void,
) {
  const salts = new Map<string, string>()

  async function stored(siteId: string): Promise<TrackingSettings> {
    const [row] = await orm.select().from(trackingSettings).where(eq(trackingSettings.siteId, siteId))
    if (!row) return { ...DEFAULT_SETTINGS }
    const { siteId: _s, updatedAt: _u, ...rest } = row
    return { ...rest, bannerText: rest.bannerText || DEFAULT_SETTINGS.bannerText, acceptText: rest.acceptText || DEFAULT_SETTINGS.acceptText, declineText: rest.declineText || DEFAULT_SETTINGS.declineText }
  }

  /** The tag origin of every site whose settings were read here (kept across cache expiry: read synchronously). */
  const origins = new Map<string, string>()
  const cache = createRefreshingCache<string, TrackingSettings>({
    async read(siteId) {
      const [value, forced] = await Promise.all([stored(siteId), cloneable(siteId)])
      return forced ? { ...value, restrictive: true } : value
    },
    ttlMs: TTL_MS,
    now,
    onKept(siteId, value) {
      const origin = tagOrigin(value.tagUrl)
      if (origin) origins.set(siteId, origin)
      else origins.delete(siteId)
    },
  })

  return {
    async get(siteId: string): Promise<TrackingSettings> {
      return cache.get(siteId)
    },
    /** The cached settings while fresh, else null (the beacon fast path leaves the read to the Fastify path). */
    peek(siteId: string): TrackingSettings | null {
      return cache.peek(siteId) ?? null
    },
    /** The origin of the site's third-party tag when known to be set (synchronous: answers never wait for it). */
    tagOriginOf(siteId: string): string | null {
      return origins.get(siteId) ?? null
    },
    /** The day's salt when already known in memory, else null. */
    peekSalt(siteId: string, day: string): string | null {
      return salts.get(`${siteId}/${day}`) ?? null
    },
    async put(siteId: string, input: SettingsInput): Promise<TrackingSettings> {
      const next = { ...(await stored(siteId)), ...input }
      await orm
        .insert(trackingSettings)
        .values({ siteId, ...next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: trackingSettings.siteId, set: { ...next, updatedAt: new Date() } })
      const value = await cache.reload(siteId)
      onChange?.(siteId)
      return value
    },
    /** Drops what this process holds of the site's settings (changed on another node) and reads the tag origin again. */
    async refresh(siteId: string): Promise<void> {
      if (!cache.has(siteId) && !origins.has(siteId)) return
      await cache.reload(siteId)
    },
    /** The site's salt of a UTC day (created on first need; the same on every node through the table). */
    async salt(siteId: string, day: string): Promise<string> {
      const k = `${siteId}/${day}`
      const known = salts.get(k)
      if (known) return known
      await orm.insert(trackingSalts).values({ siteId, day, salt: randomBytes(24).toString('base64url') }).onConflictDoNothing()
      const [row] = await orm.select({ salt: trackingSalts.salt }).from(trackingSalts).where(and(eq(trackingSalts.siteId, siteId), eq(trackingSalts.day, day)))
      salts.set(k, row!.salt)
      if (salts.size > 10_000) salts.clear()
      return row!.salt
    },
    /** Deletes salts older than yesterday: yesterday's visitors can no longer be recognised. */
    async dropOldSalts(today: string): Promise<void> {
      await orm.delete(trackingSalts).where(lt(trackingSalts.day, sql`(${today}::date - 1)`))
      for (const k of salts.keys()) if (k.slice(k.indexOf('/') + 1) < today) salts.delete(k)
    },
  }
}

export type SettingsStore = ReturnType<typeof createSettingsStore>
