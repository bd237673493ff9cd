// Images of an import: fetched once per address through the guarded fetcher, a few at a time, stored once per
// content (sha-256), their ids kept per source address so a re-import reuses them. A missing one is reported, never
// fatal; once a host cannot be found, its other images are reported without asking again.
import { createHash } from 'node:crypto'
import { FetchRefused } from '../../platform/guarded-fetch.js'
import type { ImportPorts, StoredImage } from './ports.js'
import type { ImportReport } from './report.js'
import type { SourceKeys } from './source-map.js'

const MAX_PARALLEL = 4

export class ImageFetcher {
  private readonly known = new Map<string, Promise<StoredImage | null>>()
  private readonly deadHosts = new Map<string, string>()
  private running = 0
  private readonly waiting: (() => void)[] = []
  constructor(
    private readonly ports: ImportPorts,
    private readonly map: SourceKeys,
    private readonly siteId: string,
    private readonly report: ImportReport,
  ) {}

  /** The stored image of an address (null when missing: reported once). */
  get(url: string, alt: string): Promise<StoredImage | null> {
    const key = url.trim()
    let p = this.known.get(key)
    if (!p) {
      p = this.load(key, alt)
      this.known.set(key, p)
    }
    return p
  }

  /** HTML with each <img> pointing at its stored copy; an image missing at the source is taken out. */
  async inHtml(html: string): Promise<string> {
    const tags = [...html.matchAll(/<img\b[^>]*>/gi)]
    if (!tags.length) return html
    const found = await Promise.all(tags.map((t) => {
      const src = /\bsrc=("|')([^"']*)\1/i.exec(t[0])?.[2]
      const alt = /\balt=("|')([^"']*)\1/i.exec(t[0])?.[2] ?? ''
      return src ? this.get(src.replace(/&amp;/g, '&'), alt) : Promise.resolve(null)
    }))
    let out = ''
    let last = 0
    tags.forEach((t, i) => {
      out += html.slice(last, t.index)
      const img = found[i]
      if (img) out += t[0].replace(/\bsrc=("|')([^"']*)\1/i, `src="${img.assetUrl}"`)
      last = t.index + t[0].length
    })
    return out + html.slice(last)
  }

  private async load(url: string, alt: string): Promise<StoredImage | null> {
    let host = ''
    try {
      const u = new URL(url)
      host = u.host
      if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('scheme')
    } catch {
      this.report.imageMissing(url, 'The image address is not valid.')
      return null
    }
    const mapped = await this.map.get(`image:${url}`)
    if (mapped) {
      const have = (await this.ports.imagesOf(this.siteId, [mapped])).get(mapped)
      if (have) {
        this.report.count('images')
        return have
      }
    }
    const dead = this.deadHosts.get(host)
    if (dead) {
      this.report.imageMissing(url, dead)
      return null
    }
    await this.slot()
    try {
      const late = this.deadHosts.get(host)
      if (late) {
        this.report.imageMissing(url, late)
        return null
      }
      const got = await this.ports.fetchImage(url)
      const hash = createHash('sha256').update(got.bytes).digest('hex')
      const same = await this.map.get(`sha256:${hash}`)
      const existing = same ? (await this.ports.imagesOf(this.siteId, [same])).get(same) : undefined
      const stored = existing ?? (await this.ports.storeImage(this.siteId, fileNameOf(url), got.bytes, { altText: alt.slice(0, 1000) }))
      if (!existing) await this.map.set(`sha256:${hash}`, stored.id)
      await this.map.set(`image:${url}`, stored.id)
      this.report.count('images')
      return stored
    } catch (e) {
      const reason = e instanceof FetchRefused ? e.message : e instanceof Error && e.message ? `The image could not be stored: ${e.message}` : 'The image could not be fetched.'
      if (e instanceof FetchRefused && (e.reason === 'not-found' || e.reason === 'private')) this.deadHosts.set(host, reason)
      this.report.imageMissing(url, reason)
      return null
    } finally {
      this.release()
    }
  }

  private async slot() {
    if (this.running < MAX_PARALLEL) {
      this.running++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }
  private release() {
    const next = this.waiting.shift()
    if (next) next()
    else this.running--
  }
}

function fileNameOf(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
  return (last || 'image').replace(/[^\w.-]+/g, '-').slice(0, 120) || 'image'
}
