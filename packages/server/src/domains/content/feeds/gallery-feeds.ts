// Connected accounts of gallery blocks: each account's public photo feed is fetched by the server (timeout, size
// cap, public addresses only, at most 3 redirects), read into at most GALLERY_ACCOUNT_SIZE (50) images and cached in
// content_gallery_feeds. A layout naming a feed refreshes it when saved (at most once a minute per feed, so autosave
// stays quick); a page showing a stale feed (older than an hour) refreshes it in the background and the site's
// cached pages are dropped once it is in. A failed fetch keeps the last images and records the error.
// GALLERY_FEED_ALLOW_PRIVATE=1 lets feeds on private or loopback addresses through (tests' stand-in feed servers).
import { and, eq, inArray, sql } from 'drizzle-orm'
import { GALLERY_ACCOUNT_SIZE } from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { FetchRefused, guardedFetch, guardedGetOnce } from '../../../platform/guarded-fetch.js'
import { parseFeed } from './feed-parse.js'
import { contentGalleryFeeds, type GalleryFeedRow } from '../schema.js'

export const FEED_TIMEOUT_MS = 5000
export const FEED_MAX_BYTES = 2_000_000
export const FEED_STALE_MS = 60 * 60_000
export const FEED_SAVE_WINDOW_MS = 60_000
const MAX_REDIRECTS = 3
const GALLERY_BLOCK_TYPE = 8

export { isPrivateAddress } from '../../../platform/guarded-fetch.js'

/** One GET of a feed address: the platform's guarded fetch (public addresses, size cap, the caller's signal). */
async function getOnce(url: URL, signal: AbortSignal): Promise<FeedAnswer> {
  const r = await guardedGetOnce(url, signal, FEED_GET)
  return { status: r.status, location: r.location, body: r.body.toString('utf8') }
}

interface FeedAnswer {
  status: number
  location: string | null
  body: string
}

const FEED_ACCEPT = 'application/feed+json, application/json, application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5'
const FEED_GET = { maxBytes: FEED_MAX_BYTES, accept: FEED_ACCEPT, userAgent: 'Sitewright gallery feeds', what: 'feed' }

/** Fetches a feed and reads its images (throws FetchRefused with an owner-readable message). */
export async function fetchFeedImages(feedUrl: string, get: (url: URL, signal: AbortSignal) => Promise<FeedAnswer> = getOnce) {
  const res = await guardedFetch(feedUrl, { ...FEED_GET, timeoutMs: FEED_TIMEOUT_MS, maxRedirects: MAX_REDIRECTS }, async (url, signal) => {
    const a = await get(url, signal)
    return { ...a, contentType: null, body: Buffer.from(a.body, 'utf8') }
  })
  return parseFeed(res.body.toString('utf8'), res.url, GALLERY_ACCOUNT_SIZE)
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
          error = e instanceof FetchRefused ? e.message : 'The feed could not be read.'
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
