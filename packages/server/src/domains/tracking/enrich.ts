// What is derived from a request instead of stored: the day-salted visitor hash (no address kept), the device,
// browser and system from the user agent, the country from the address, the traffic source from referrer and UTM.
import { hash } from 'node:crypto'
import { existsSync, mkdirSync, statSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { isbot } from 'isbot'
import { UAParser } from 'ua-parser-js'
import type { Attributes } from './types.js'

export type CountryOf = (ip: string) => string

const COUNTRY_TABLES = ['geoip-country.dat', 'geoip-country6.dat'] as const

/**
 * geoip-lite reads every table of its data directory into memory: the city tables are ~145 MB resident, and only
 * the country is kept here. Unless GEODATADIR says otherwise, it is pointed at a directory holding links to its two
 * country tables only (it falls back to them when the city tables are absent): ~18 MB.
 */
export function countryOnlyDataDir(): string | null {
  try {
    const data = join(dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data')
    const stamp = statSync(join(data, COUNTRY_TABLES[0])).mtimeMs.toString(36)
    const dir = join(tmpdir(), `sitewright-geoip-country-${stamp}`)
    mkdirSync(dir, { recursive: true })
    for (const table of COUNTRY_TABLES) {
      const link = join(dir, table)
      if (!existsSync(link)) {
        try {
          symlinkSync(join(data, table), link)
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
        }
      }
    }
    return dir
  } catch {
    return null
  }
}
/** Loads geoip-lite's country tables on first need, off the request path. */
export async function loadCountryLookup(): Promise<CountryOf> {
  if (!process.env.GEODATADIR && !(globalThis as { geodatadir?: string }).geodatadir) {
    const dir = countryOnlyDataDir()
    if (dir) process.env.GEODATADIR = dir
  }
  const geoip = (await import('geoip-lite')).default
  return (ip) => geoip.lookup(ip)?.country ?? ''
}

/** Parsed user agents and bot answers, remembered (most visitors share a few hundred user agents). */
const UA_CACHE_SIZE = 5000
const uaCache = new Map<string, { bot: boolean; parsed?: { device: string; browser: string; os: string } }>()
function cached(userAgent: string) {
  let hit = uaCache.get(userAgent)
  if (!hit) {
    if (uaCache.size >= UA_CACHE_SIZE) uaCache.delete(uaCache.keys().next().value!)
    hit = { bot: isbot(userAgent) }
    uaCache.set(userAgent, hit)
  }
  return hit
}

export const isBot = (userAgent: string | undefined): boolean => !userAgent || cached(userAgent).bot

export function visitorHash(salt: string, siteId: string, ip: string, userAgent: string): string {
  return hash('sha256', `${salt}\u0000${siteId}\u0000${ip}\u0000${userAgent}`, 'base64url').slice(0, 22)
}

export function deviceOf(userAgent: string): { device: string; browser: string; os: string } {
  const entry = cached(userAgent)
  return (entry.parsed ??= parseDevice(userAgent))
}

function parseDevice(userAgent: string): { device: string; browser: string; os: string } {
  const r = UAParser(userAgent)
  const type = r.device.type
  const device = type === 'mobile' ? 'Mobile' : type === 'tablet' ? 'Tablet' : type ? type[0]!.toUpperCase() + type.slice(1) : 'Desktop'
  return { device, browser: r.browser.name ?? 'Unknown', os: r.os.name ?? 'Unknown' }
}

/** Source: `utm_source`, else the referrer's host (other than the site's own), else "Direct". */
export function sourceOf(pageUrl: URL | null, referrer: string, ownHost: string): { source: string; campaign: string } {
  const utm = pageUrl?.searchParams
  const campaign = (utm?.get('utm_campaign') ?? '').slice(0, 100)
  const tagged = (utm?.get('utm_source') ?? '').trim()
  if (tagged) return { source: tagged.slice(0, 100).toLowerCase(), campaign }
  if (!referrer) return { source: 'Direct', campaign }
  try {
    const host = new URL(referrer).hostname.replace(/^www\./, '')
    if (!host || host === ownHost.replace(/^www\./, '')) return { source: 'Direct', campaign }
    return { source: host.slice(0, 100), campaign }
  } catch {
    return { source: 'Direct', campaign }
  }
}

export function attributes(args: { userAgent: string; ip: string; pageUrl: URL | null; referrer: string; ownHost: string; countryOf: CountryOf | null }): Attributes {
  const d = deviceOf(args.userAgent)
  const s = sourceOf(args.pageUrl, args.referrer, args.ownHost)
  return { source: s.source, campaign: s.campaign, device: d.device, browser: d.browser, os: d.os, country: args.countryOf?.(args.ip) ?? '' }
}
