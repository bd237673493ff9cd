// `npm run bench` (Images: bytes by format): seeds the demo into a fresh app (PGlite in memory) with AVIF/WebP copies
// on, waits until the variant and 'file-modern' jobs are done, then fetches every image a page names (each <img>'s
// src and srcset candidates, CSS background images) on the demo home and product pages twice: as a browser that
// takes only the image's own format (`Accept: image/*`, the bytes before issue 39) and as Chromium does
// (`Accept: image/avif,image/webp,...`). Prints the bytes of each and their ratio, and the SSIM of each modern answer
// against the JPEG of the same size (luma, 8x8 windows with stride 4, the usual constants; computed here from the
// decoded pixels). Issue 39's target: >= 30 % fewer bytes at SSIM >= 0.98.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { sqlRows } from '../src/platform/db/index.js'
import { ssim } from './ssim.js'

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/shop/stoneware-mug' },
]
const OWN = 'image/*,*/*;q=0.8'
const CHROMIUM = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
/** A browser with WebP and no AVIF (older Safari, Edge before AVIF). */
const WEBP_ONLY = 'image/webp,image/*,*/*;q=0.8'

const luma = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true })
  return { data, w: info.width, h: info.height }
}

/** Every image URL a page names: <img> src and srcset candidates, CSS url(...) of /files. */
function imageUrls(html: string): string[] {
  const urls = new Set<string>()
  const unescape = (s: string) => s.replace(/&amp;/g, '&')
  for (const tag of html.match(/<img\b[^>]*>/g) ?? []) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1]
    if (src?.startsWith('/files/')) urls.add(unescape(src))
    const set = /\ssrcset="([^"]+)"/.exec(tag)?.[1]
    for (const c of set?.split(',') ?? []) {
      const u = c.trim().split(/\s+/)[0]
      if (u?.startsWith('/files/')) urls.add(unescape(u))
    }
  }
  for (const m of html.matchAll(/url\((?:&quot;|["'])?(\/files\/[^"')&]+(?:&amp;[^"')&]+)*)/g)) urls.add(unescape(m[1]!))
  return [...urls]
}

const dir = mkdtempSync(join(tmpdir(), 'sw-bench-images-'))
const started = performance.now()
const app = await buildApp({ ...loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', IMAGE_MODERN_FORMATS: 'on' }), seedDemo: true, pgliteStorage: 'memory' })
try {
  await app.files.whenIdle()
  const pending = async () =>
    (await sqlRows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM file_assets WHERE kind = 'image' AND mime IN ('image/jpeg', 'image/png', 'image/heic') AND (status = 'processing' OR modern_variants IS NULL)`))[0]!.n
  for (let left = await pending(); left > 0; left = await pending()) await new Promise((r) => setTimeout(r, 250))
  const [made] = await sqlRows<{ images: number; copies: number }>(app.db.orm, sql`SELECT count(*)::int AS images, coalesce(sum(array_length(string_to_array(nullif(modern_variants, ''), ','), 1)), 0)::int AS copies FROM file_assets WHERE kind = 'image'`)
  console.log(`demo images: ${made!.images}, modern copies kept: ${made!.copies}, seeded and encoded in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)} on a shared machine)`)
  const host = 'localhost'
  let allBefore = 0
  let allAfter = 0
  for (const p of PAGES) {
    const page = await app.fastify.inject({ url: p.path, headers: { host } })
    if (page.statusCode !== 200) throw new Error(`${p.path}: ${page.statusCode}`)
    const urls = imageUrls(page.body)
    let before = 0
    let after = 0
    let worst = 1
    let worstUrl = ''
    const scores: number[] = []
    let webpBytes = 0
    let webpWorst = 1
    const types = new Map<string, number>()
    for (const url of urls) {
      const own = await app.fastify.inject({ url, headers: { host, accept: OWN } })
      const modern = await app.fastify.inject({ url, headers: { host, accept: CHROMIUM } })
      if (own.statusCode !== 200 || modern.statusCode !== 200) throw new Error(`${url}: ${own.statusCode}/${modern.statusCode}`)
      before += own.rawPayload.length
      after += modern.rawPayload.length
      const webp = await app.fastify.inject({ url, headers: { host, accept: WEBP_ONLY } })
      webpBytes += webp.rawPayload.length
      if (webp.headers['content-type'] !== own.headers['content-type']) {
        const [a, b] = await Promise.all([luma(own.rawPayload), luma(webp.rawPayload)])
        webpWorst = Math.min(webpWorst, ssim(a.data, b.data, a.w, a.h))
      }
      const type = String(modern.headers['content-type'])
      types.set(type, (types.get(type) ?? 0) + 1)
      if (type !== own.headers['content-type']) {
        const [a, b] = await Promise.all([luma(own.rawPayload), luma(modern.rawPayload)])
        if (a.w !== b.w || a.h !== b.h) throw new Error(`${url}: ${a.w}x${a.h} against ${b.w}x${b.h}`)
        const score = ssim(a.data, b.data, a.w, a.h)
        scores.push(score)
        if (score < worst) [worst, worstUrl] = [score, `${url.replace(/^\/files\/[^/]+\/[^/]+\//, '')} (${type})`]
      }
    }
    allBefore += before
    allAfter += after
    const kinds = [...types].map(([t, n]) => `${n} ${t}`).join(', ')
    console.log(
      `${p.name.padEnd(8)} ${String(urls.length).padStart(3)} image URLs: own format ${(before / 1024).toFixed(1)} KB, by Accept ${(after / 1024).toFixed(1)} KB ` +
        `(${((1 - after / before) * 100).toFixed(0)} % fewer; ${kinds}); SSIM against the JPEG: lowest ${worst.toFixed(4)} (${worstUrl}), ` +
        `median ${(scores.sort((x, y) => x - y)[Math.floor(scores.length / 2)] ?? 1).toFixed(4)}, ${scores.filter((x) => x < 0.98).length} of ${scores.length} under 0.98`,
    )
    console.log(`${''.padEnd(8)} a WebP-only browser: ${(webpBytes / 1024).toFixed(1)} KB (${((1 - webpBytes / before) * 100).toFixed(0)} % fewer), lowest SSIM against the JPEG ${webpWorst.toFixed(4)}`)
  }
  console.log(`both pages: ${(allBefore / 1024).toFixed(1)} KB -> ${(allAfter / 1024).toFixed(1)} KB, ${((1 - allAfter / allBefore) * 100).toFixed(0)} % fewer (target >= 30 %, SSIM >= 0.98)`)
} finally {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
}
