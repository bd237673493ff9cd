// Photo feeds of gallery blocks' connected accounts, read into images (pure): JSON Feed (`image`, `banner_image`,
// image `attachments`), a Flickr public JSON feed (`items[].media.m`), RSS (`<enclosure type="image/...">`,
// `<media:content>`, `<media:thumbnail>`) and Atom (`<link rel="enclosure" type="image/...">`). Image addresses are
// absolute http(s) (relative ones resolved against the feed); at most `limit` images, in feed order, no repeats.
import type { FeedImage } from '../schema.js'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(s: string): string {
  return s
    .replace(/^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
      }
      return ENTITIES[e.toLowerCase()] ?? m
    })
}

const plain = (s: string) => decode(s).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200)

/** An absolute http(s) address, or null. */
function absolute(raw: unknown, base: string): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null
  try {
    const u = new URL(decode(raw.trim()), base)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null
  } catch {
    return null
  }
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag)?.slice(1).find((x) => x !== undefined)
const tags = (xml: string, name: string) => xml.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? []
const element = (xml: string, name: string) => new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, 'i').exec(xml)?.[1]

function fromJson(body: unknown, base: string): FeedImage[] {
  const items = body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items) ? ((body as { items: unknown[] }).items as Record<string, unknown>[]) : []
  const out: FeedImage[] = []
  for (const it of items) {
    if (!it || typeof it !== 'object') continue
    const attachments = Array.isArray(it.attachments) ? (it.attachments as Record<string, unknown>[]) : []
    const media = it.media && typeof it.media === 'object' ? (it.media as Record<string, unknown>) : {}
    const candidates = [it.image, it.banner_image, ...attachments.filter((a) => a && typeof a.mime_type === 'string' && a.mime_type.startsWith('image/')).map((a) => a.url), media.m]
    const url = candidates.map((c) => absolute(c, base)).find((u): u is string => !!u)
    if (!url) continue
    const link = absolute(it.url ?? it.link, base)
    out.push({ url, title: typeof it.title === 'string' ? plain(it.title) : '', ...(link ? { link } : {}) })
  }
  return out
}

function fromXml(xml: string, base: string): FeedImage[] {
  const entries = xml.match(/<(item|entry)\b[\s\S]*?<\/\1>/gi) ?? []
  const out: FeedImage[] = []
  for (const e of entries) {
    const isImage = (t: string) => /^image\//i.test(attr(t, 'type') ?? '') || /^image$/i.test(attr(t, 'medium') ?? '')
    const enclosure = tags(e, 'enclosure').find(isImage)
    const mediaContent = tags(e, 'media:content').find((t) => isImage(t) || !attr(t, 'type'))
    const atomEnclosure = tags(e, 'link').find((t) => /^enclosure$/i.test(attr(t, 'rel') ?? '') && isImage(t))
    const thumb = tags(e, 'media:thumbnail')[0]
    const url = [enclosure && attr(enclosure, 'url'), mediaContent && attr(mediaContent, 'url'), atomEnclosure && attr(atomEnclosure, 'href'), thumb && attr(thumb, 'url')].map((c) => absolute(c, base)).find((u): u is string => !!u)
    if (!url) continue
    const alternate = tags(e, 'link').find((t) => !attr(t, 'rel') || /^alternate$/i.test(attr(t, 'rel') ?? ''))
    const link = absolute((alternate && attr(alternate, 'href')) ?? element(e, 'link'), base)
    out.push({ url, title: plain(element(e, 'title') ?? element(e, 'media:title') ?? ''), ...(link ? { link } : {}) })
  }
  return out
}

/** The images of a feed body (JSON or XML), at most `limit`; [] for anything else. */
export function parseFeed(body: string, feedUrl: string, limit: number): FeedImage[] {
  const text = body.replace(/^\uFEFF/, '').trim()
  let images: FeedImage[] = []
  if (text.startsWith('{')) {
    try {
      images = fromJson(JSON.parse(text), feedUrl)
    } catch {
      images = []
    }
  } else if (text.startsWith('<')) images = fromXml(text, feedUrl)
  const seen = new Set<string>()
  return images.filter((i) => !seen.has(i.url) && seen.add(i.url)).slice(0, limit)
}
