// Connected accounts of gallery blocks: each account's public photo feed is fetched by the server (timeout, size
// cap, public addresses only, at most 3 redirects), read into at most GALLERY_ACCOUNT_SIZE (50) images and cached in
// content_gallery_feeds. A layout naming a feed refreshes it when saved (at most once a minute per feed, so autosave
// stays quick); a page showing a stale feed (older than an hour) refreshes it in the background and the site's
// cached pages are dropped once it is in. A failed fetch keeps the last images and records the error.
// GALLERY_FEED_ALLOW_PRIVATE=1 lets feeds on private or loopback addresses through (tests' stand-in feed servers).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import { isIP } from 'node:net'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { GALLERY_ACCOUNT_SIZE } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { parseFeed } from './feed-parse.js'
import { contentGalleryFeeds, type GalleryFeedRow } from './schema.js'

export const FEED_TIMEOUT_MS = 5000
export const FEED_MAX_BYTES = 2_000_000
export const FEED_STALE_MS = 60 * 60_000
export const FEED_SAVE_WINDOW_MS = 60_000
const MAX_REDIRECTS = 3
const GALLERY_BLOCK_TYPE = 8

class FeedError extends Error {}

/** True for loopback, private, link-local, shared and unspecified addresses (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
  if (mapped) return isPrivateAddress(mapped)
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number]
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
  }
  const v6 = ip.toLowerCase()
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6)
}

/**
 * The address lookup of a feed request: the addresses the connection will use are the ones checked, so a name that
 * answers a public address to a first lookup and a private one to the next (DNS rebinding) cannot reach inside.
 */
function publicLookup(hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const list = addresses as LookupAddress[]
    if (process.env.GALLERY_FEED_ALLOW_PRIVATE !== '1' && list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), [])
    }
    if (options.all) return callback(null, list)
    const first = list[0]
    if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), [])
    callback(null, first.address, first.family)
  })
}

interface FeedAnswer {
  status: number
  location: string | null
  body: string
}

/** One GET of a feed address over http(s): the public-address lookup, the size cap, the caller's abort signal. */
function getOnce(url: URL, signal: AbortSignal): Promise<FeedAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && isPrivateAddress(host) && process.env.GALLERY_FEED_ALLOW_PRIVATE !== '1') return reject(new FeedError('The feed address is not a public one.'))
    const get = url.protocol === 'https:' ? httpsGet : httpGet
    const req = get(url, { signal, lookup: publicLookup, headers: { accept: FEED_ACCEPT, 'user-agent': 'Sitewright gallery feeds' } }, (res) => {
      const status = res.statusCode ?? 0
      const location = typeof res.headers.location === 'string' ? res.headers.location : null
      if (Number(res.headers['content-length'] ?? 0) > FEED_MAX_BYTES) {
        res.destroy()
        return reject(new FeedError('The feed is too large.'))
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        size += c.length
        if (size > FEED_MAX_BYTES) {
          res.destroy()
          reject(new FeedError('The feed is too large.'))
        } else chunks.push(c)
      })
      res.on('end', () => resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', () => reject(new FeedError('The feed did not answer in time.')))
    })
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPRIVATE') reject(new FeedError('The feed address is not a public one.'))
      else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') reject(new FeedError('The feed address could not be found.'))
      else reject(new FeedError('The feed did not answer in time.'))
    })
  })
}

const FEED_ACCEPT = 'application/feed+json, application/json, application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5'

/** Fetches a feed and reads its images (throws FeedError with an owner-readable message). */
export async function fetchFeedImages(feedUrl: string, get: (url: URL, signal: AbortSignal) => Promise<FeedAnswer> = getOnce) {
  let url = new URL(feedUrl)
  const signal = AbortSignal.timeout(FEED_TIMEOUT_MS)
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FeedError('Feeds are http(s) addresses.')
    const res = await get(url, signal)
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= MAX_REDIRECTS) throw new FeedError('The feed redirects too often.')
      url = new URL(res.location, url)
      continue
    }
    if (res.status < 200 || res.status >= 300) throw new FeedError(`The feed answered ${res.status}.`)
    return parseFeed(res.body, url.href, GALLERY_ACCOUNT_SIZE)
  }
}

/** The feed addresses of the connected accounts of a layout's gallery blocks. */
export function layoutFeedUrls(layout: { sections?: { blocks?: { type?: number | undefined; typeName?: string | undefined; value?: unknown }[] }[] } | null | undefined): string[] {
  const urls = new Set<string>()
  for (const s of layout?.sections ?? [])
    for (const b of s.blocks ?? []) {
      if (b.type !== GALLERY_BLOCK_TYPE && b.typeName !== 'gallery') continue
      const v = (b.value ?? {}) as { source?: unknown; accounts?: unknown }
      if (v.source !== 'accounts' || !Array.isArray(v.accounts)) continue
      for (const a of v.accounts) if (a && typeof (a as { feedUrl?: unknown }).feedUrl === 'string') urls.add((a as { feedUrl: string }).feedUrl)
    }
  return [...urls]
}

export function createGalleryFeeds(orm: Orm, deps: { changed(siteId: string): void }) {
  const running = new Map<string, Promise<void>>()

  async function rows(siteId: string, urls: string[]): Promise<Map<string, GalleryFeedRow>> {
    if (!urls.length) return new Map()
    const found = await orm.select().from(contentGalleryFeeds).where(and(eq(contentGalleryFeeds.siteId, siteId), inArray(contentGalleryFeeds.feedUrl, urls)))
    return new Map(found.map((r) => [r.feedUrl, r]))
  }

  /** Fetches one feed and stores its images (or its error, keeping the last images); one run per feed at a time. */
  function refresh(siteId: string, feedUrl: string): Promise<void> {
    const key = `${siteId} ${feedUrl}`
    let run = running.get(key)
    if (!run) {
      run = (async () => {
        let images: Awaited<ReturnType<typeof fetchFeedImages>> | null = null
        let error: string | null = null
        try {
          images = await fetchFeedImages(feedUrl)
        } catch (e) {
          error = e instanceof FeedError ? e.message : 'The feed could not be read.'
        }
        await orm
          .insert(contentGalleryFeeds)
          .values({ siteId, feedUrl, images: images ?? [], error, fetchedAt: new Date() })
          .onConflictDoUpdate({ target: [contentGalleryFeeds.siteId, contentGalleryFeeds.feedUrl], set: { ...(images ? { images } : {}), error, fetchedAt: sql`now()` } })
      })().finally(() => running.delete(key))
      running.set(key, run)
    }
    return run
  }

  return {
    /** Refreshes the feeds a saved layout names (those not fetched in the last minute). */
    async refreshLayout(siteId: string, layout: Parameters<typeof layoutFeedUrls>[0]): Promise<void> {
      const urls = layoutFeedUrls(layout)
      const have = await rows(siteId, urls)
      const now = Date.now()
      await Promise.all(urls.filter((u) => !have.has(u) || now - have.get(u)!.fetchedAt.getTime() > FEED_SAVE_WINDOW_MS).map((u) => refresh(siteId, u)))
    },
    /** The cached images of feeds for a page; stale or missing ones are refreshed in the background (the site's
     *  pages are told to change once they are in). */
    async images(siteId: string, urls: string[]): Promise<Map<string, { images: GalleryFeedRow['images']; error: string | null }>> {
      const have = await rows(siteId, urls)
      const now = Date.now()
      for (const u of urls) {
        const row = have.get(u)
        if (row && now - row.fetchedAt.getTime() <= FEED_STALE_MS) continue
        void refresh(siteId, u)
          .then(() => deps.changed(siteId))
          .catch(() => undefined)
      }
      return new Map([...have].map(([u, r]) => [u, { images: r.images, error: r.error }]))
    },
    /** Waits for the running refreshes (tests). */
    whenIdle: async () => {
      while (running.size) await Promise.allSettled([...running.values()])
    },
  }
}
export type GalleryFeeds = ReturnType<typeof createGalleryFeeds>
