// Ghost JSON exports (Ghost 5.x; 4.x reads the same way): posts and pages with their tags, authors, excerpts,
// feature images, SEO fields and states, Lexical or mobiledoc content (the rendered HTML when the export has it),
// and members with their consent to mail. The file is read and checked whole first (nothing imported from a bad
// one); then posts go into the blog, pages at their old addresses, each old address (/slug/) answering 301 to the
// new one; a re-import updates by Ghost id instead of adding twice.
import { isValidEmail, urlSlug } from '@sitewright/contracts'
import { htmlToText } from '../content/index.js'
import { convertContent } from './convert.js'
import { ImportFailure } from './errors.js'
import { lexicalHtml, mobiledocHtml } from './ghost-content.js'
import { ImageFetcher } from './images.js'
import type { ImportPorts } from './ports.js'
import { ImportReport } from './report.js'
import type { SourceMap } from './source-map.js'
import { ensureBlog, upsertPage, upsertPost } from './records.js'
import { layoutOf, linkRewriter, RESERVED } from './wxr-import.js'

type Json = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const rows = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((r): r is Json => !!r && typeof r === 'object' && !Array.isArray(r)) : [])

export interface GhostPost {
  id: string
  title: string
  slug: string
  type: 'post' | 'page'
  status: string
  visibility: string
  html: string
  lexical: string
  mobiledoc: string
  excerpt: string
  featureImage: string
  featureImageAlt: string
  publishedAt: string
  createdAt: string
  metaTitle: string
  metaDescription: string
  tags: string[]
  authors: string[]
}

export interface GhostMember {
  email: string
  name: string
  status: string
  subscribed: boolean
  labels: string[]
  createdAt: string
}

export interface GhostExport {
  version: string
  title: string
  posts: GhostPost[]
  members: GhostMember[]
  tags: number
  authors: number
}

/** Reads the whole file (the upload is capped) and checks it is a Ghost export; throws ImportFailure otherwise. */
export async function readGhost(source: AsyncIterable<Buffer | string>): Promise<GhostExport> {
  const parts: string[] = []
  const decoder = new TextDecoder('utf-8')
  for await (const chunk of source) parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
  parts.push(decoder.decode())
  const text = parts.join('').replace(/^\uFEFF/, '')
  const start = text.trimStart()
  if (!start) throw new ImportFailure('wrong_kind', 'This is not a Ghost export: the file is empty.')
  if (start.startsWith('<')) throw new ImportFailure('wrong_kind', 'This is not a Ghost export (JSON): the file is XML (line 1). A WordPress or Squarespace export is imported as WordPress.', 1)
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const at = /position (\d+)/.exec(message)
    const line = text.slice(0, at ? Number(at[1]) : errorOffset(text)).split('\n').length
    throw new ImportFailure('malformed', `The file is not well-formed JSON (line ${line}): ${message.replace(/^Unexpected token/, 'unexpected character')}`, line)
  }
  const root = doc && typeof doc === 'object' ? (doc as Json) : {}
  const db = Array.isArray(root.db) ? (rows(root.db)[0] ?? {}) : root
  const data = db.data && typeof db.data === 'object' ? (db.data as Json) : null
  const meta = db.meta && typeof db.meta === 'object' ? (db.meta as Json) : {}
  if (!data || !Array.isArray(data.posts)) throw new ImportFailure('wrong_kind', 'This is not a Ghost export: it has no db[0].data.posts (Ghost writes its export from Settings → Migration tools → Export content).', 1)

  const tagName = new Map(rows(data.tags).map((t) => [str(t.id), { name: str(t.name), internal: str(t.visibility) === 'internal' || str(t.name).startsWith('#') }]))
  const userName = new Map(rows(data.users).map((u) => [str(u.id), str(u.name) || str(u.slug)]))
  const tagsOf = new Map<string, { order: number; name: string }[]>()
  for (const pt of rows(data.posts_tags)) {
    const t = tagName.get(str(pt.tag_id))
    if (!t || t.internal) continue
    const list = tagsOf.get(str(pt.post_id)) ?? []
    list.push({ order: Number(pt.sort_order ?? 0), name: t.name })
    tagsOf.set(str(pt.post_id), list)
  }
  const authorsOf = new Map<string, { order: number; name: string }[]>()
  for (const pa of rows(data.posts_authors)) {
    const name = userName.get(str(pa.author_id))
    if (!name) continue
    const list = authorsOf.get(str(pa.post_id)) ?? []
    list.push({ order: Number(pa.sort_order ?? 0), name })
    authorsOf.set(str(pa.post_id), list)
  }
  const metaOf = new Map(rows(data.posts_meta).map((m) => [str(m.post_id), m]))
  const sorted = (l: { order: number; name: string }[] | undefined) => (l ?? []).sort((a, b) => a.order - b.order).map((x) => x.name)

  const posts = rows(data.posts).map((p, i): GhostPost => {
    const id = str(p.id)
    if (!id) throw new ImportFailure('bad_row', `Post ${i + 1} of the export has no id.`)
    const m = metaOf.get(id) ?? {}
    const author = str(p.author_id) ? userName.get(str(p.author_id)) : undefined
    return {
      id,
      title: str(p.title),
      slug: str(p.slug),
      type: str(p.type) === 'page' || p.page === true || p.page === 1 ? 'page' : 'post',
      status: str(p.status) || 'draft',
      visibility: str(p.visibility) || 'public',
      html: str(p.html),
      lexical: str(p.lexical),
      mobiledoc: str(p.mobiledoc),
      excerpt: str(p.custom_excerpt),
      featureImage: str(p.feature_image),
      featureImageAlt: str(m.feature_image_alt),
      publishedAt: str(p.published_at),
      createdAt: str(p.created_at),
      metaTitle: str(m.meta_title) || str(p.meta_title),
      metaDescription: str(m.meta_description) || str(p.meta_description),
      tags: sorted(tagsOf.get(id)),
      authors: authorsOf.has(id) ? sorted(authorsOf.get(id)) : author ? [author] : [],
    }
  })

  // Ghost 5: consent to mail is a subscription to a newsletter (members_newsletters); Ghost 4: `subscribed`
  const hasNewsletters = Array.isArray(data.members_newsletters)
  const subscribed = new Set(rows(data.members_newsletters).map((r) => str(r.member_id)))
  const labelName = new Map(rows(data.labels).map((l) => [str(l.id), str(l.name)]))
  const labelsOf = new Map<string, string[]>()
  for (const ml of rows(data.members_labels)) {
    const name = labelName.get(str(ml.label_id))
    if (name) labelsOf.set(str(ml.member_id), [...(labelsOf.get(str(ml.member_id)) ?? []), name])
  }
  const members = rows(data.members).map(
    (m): GhostMember => ({
      email: str(m.email).trim(),
      name: str(m.name).trim(),
      status: str(m.status) || 'free',
      subscribed: !m.email_disabled && (hasNewsletters ? subscribed.has(str(m.id)) : m.subscribed === true || m.subscribed === 1),
      labels: labelsOf.get(str(m.id)) ?? [],
      createdAt: str(m.created_at),
    }),
  )
  const settings = new Map(rows(data.settings).map((s) => [str(s.key), str(s.value)]))
  return { version: str(meta.version), title: settings.get('title') ?? '', posts, members, tags: tagName.size, authors: userName.size }
}

/**
 * Where JSON.parse stopped, for engines whose message names no position: the shortest start of the text that fails
 * for a reason other than ending too soon ends at the bad character (found by halving, on the error path only).
 */
function errorOffset(text: string): number {
  const endsTooSoon = (s: string) => {
    try {
      JSON.parse(s)
      return true
    } catch (e) {
      return /end of JSON|Unterminated/i.test(e instanceof Error ? e.message : '')
    }
  }
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (endsTooSoon(text.slice(0, mid + 1))) lo = mid + 1
    else hi = mid
  }
  return lo
}

const STATUS: Record<string, 'published' | 'draft' | 'scheduled'> = { published: 'published', sent: 'published', draft: 'draft', scheduled: 'scheduled' }
const GHOST_URL = '__GHOST_URL__'

export interface GhostOptions {
  siteId: string
  open: () => AsyncIterable<Buffer | string>
  progress?: (done: number, total: number) => Promise<void> | void
}

const dateOf = (s: string) => {
  const d = s ? new Date(s) : null
  return d && !Number.isNaN(d.getTime()) ? d : null
}

export async function importGhost(ports: ImportPorts, sources: SourceMap, opts: GhostOptions): Promise<ImportReport> {
  const ghost = await readGhost(opts.open())
  const report = new ImportReport('ghost')
  report.source = { title: ghost.title, link: '', authors: ghost.authors, categories: 0, tags: ghost.tags }
  const map = sources.of(opts.siteId, 'ghost')
  const total = ghost.posts.length + ghost.members.length
  const blog = await ensureBlog(ports, map, opts.siteId, ghost.posts.some((p) => p.type === 'post'))
  const known = await map.all()
  const collections = await ports.content.listCollections(opts.siteId)
  const taken = new Set(collections.map((c) => c.urlId))
  const urlIdOf = new Map(collections.map((c) => [c.id, c.urlId]))

  // new addresses, all known before any content is written (links between posts are rewritten in one go)
  const newPath = new Map<string, string>()
  const postSlugs = new Set<string>()
  for (const p of ghost.posts) {
    const slug = urlSlug(p.slug) || urlSlug(p.title) || `post-${p.id.slice(-8)}`
    if (p.type === 'page') {
      const mine = urlIdOf.get(known.get(`page:${p.id}`) ?? '')
      if (mine) {
        newPath.set(p.id, `/${mine}`)
        continue
      }
      const base = RESERVED.has(slug) ? `${slug}-page` : slug
      let full = base
      for (let n = 2; taken.has(full); n++) full = `${base}-${n}`
      taken.add(full)
      newPath.set(p.id, `/${full}`)
    } else if (blog) {
      const mapped = known.get(`post:${p.id}`)
      const row = mapped ? await ports.content.itemById(opts.siteId, mapped) : null
      let s = row && row.collectionId === blog.id ? row.urlId : slug
      if (!row) for (let n = 2; postSlugs.has(s); n++) s = `${slug}-${n}`
      postSlugs.add(s)
      newPath.set(p.id, `/${blog.urlId}/${s}`)
    }
  }
  const pathByOld = new Map<string, string>()
  for (const p of ghost.posts) {
    const to = newPath.get(p.id)
    if (to && p.slug) pathByOld.set(`/${p.slug}`, to)
  }
  const rewrite = linkRewriter(new URL('http://ghost.invalid/'), pathByOld, new Map(), new Map(), blog ? `/${blog.urlId}` : '')
  const images = new ImageFetcher(ports, map, opts.siteId, report)
  // Ghost writes its own site's address as __GHOST_URL__: links become paths; its images cannot be fetched
  const local = (s: string) => s.split(`${GHOST_URL}/`).join('/').split(GHOST_URL).join('/')
  let done = 0
  const tick = async () => {
    done++
    if (done % 10 === 0 || done === total) await opts.progress?.(done, total)
  }

  for (const p of ghost.posts) {
    const to = newPath.get(p.id)
    const status = STATUS[p.status]
    if (!to || !status) {
      report.skip(`${p.type}s in another state (${p.status})`, p.title || p.id)
      await tick()
      continue
    }
    const source = p.html ? { html: p.html, unknown: [] as string[] } : p.lexical ? lexicalHtml(p.lexical) : p.mobiledoc ? mobiledocHtml(p.mobiledoc) : { html: '', unknown: [] }
    for (const u of source.unknown) report.unknown(`Ghost ${u} card`, to)
    const html = ghostImages(local(source.html), report)
    const converted = convertContent(html)
    for (const u of converted.unknown) report.unknown(u, to)
    const sections = await layoutOf(converted.sections, images, rewrite, new Map(), p.id)
    const feature = p.featureImage && !p.featureImage.startsWith(GHOST_URL) ? await images.get(p.featureImage, p.featureImageAlt || p.title) : null
    if (p.featureImage.startsWith(GHOST_URL)) report.imageMissing(p.featureImage, GHOST_IMAGE_REASON)
    if (p.visibility !== 'public') report.note(`${p.type}s for members only on Ghost (${p.visibility}), imported open to all: choose their member area`, to)
    const when = (dateOf(p.publishedAt) ?? dateOf(p.createdAt) ?? new Date()).getTime()
    const redirects = p.slug && `/${p.slug}` !== to ? [{ from: `/${p.slug}`, to }] : []
    if (p.type === 'post' && blog) {
      await upsertPost(ports, map, opts.siteId, blog.id, `post:${p.id}`, redirects, {
        title: (p.title || 'Untitled').slice(0, 200),
        urlId: to.slice(to.lastIndexOf('/') + 1),
        layout: { sections },
        excerpt: htmlToText(p.excerpt).slice(0, 900).replace(/&/g, '&amp;').replace(/</g, '&lt;'),
        authorName: (p.authors[0] ?? '').slice(0, 100),
        status,
        publishOn: when,
        tags: p.tags.map((t) => t.slice(0, 50)).slice(0, 50),
        categories: [],
        mainImageId: feature?.id ?? null,
        ...(p.metaTitle ? { seoTitle: p.metaTitle.slice(0, 200) } : {}),
        ...(p.metaDescription ? { seoDescription: p.metaDescription.slice(0, 500) } : {}),
      })
      report.count('posts')
    } else {
      await upsertPage(ports, map, opts.siteId, `page:${p.id}`, redirects, {
        typeName: 'page',
        title: (p.title || 'Untitled').slice(0, 200),
        urlId: to.slice(1),
        navigation: 'main',
        layout: { sections },
        status,
        publishOn: when,
      })
      report.count('pages')
    }
    report.count('redirects', redirects.length)
    await tick()
  }

  for (const m of ghost.members) {
    if (!isValidEmail(m.email)) {
      report.skip('members without a valid email address', m.email || m.name || '(empty)')
      await tick()
      continue
    }
    const tags = [...m.labels, ...(m.status !== 'free' ? [`ghost-${m.status}`] : [])].map((t) => t.slice(0, 50)).slice(0, 20)
    // the member and their consent to mail in one transaction (a resumed run finds the email and leaves it)
    const added = await map.transaction((tx) => ports.addMember(opts.siteId, { email: m.email, name: m.name.slice(0, 100), newsletter: m.subscribed, verified: true, tags, createdAt: dateOf(m.createdAt) }, tx))
    if (added === 'exists') report.count('members already here (left as they are)')
    else {
      report.count('members')
      if (m.subscribed) report.count('members who agreed to mail')
      if (m.status !== 'free') report.note('paid or comped members on Ghost (tagged ghost-paid / ghost-comped; their payments stay with Ghost)', m.email)
    }
    await tick()
  }
  await opts.progress?.(total, total)
  return report
}

const GHOST_IMAGE_REASON = 'The image is on the old Ghost site (/content/images/…), whose address the export does not say; upload it again.'

/** Images on Ghost's own storage (written as __GHOST_URL__, now a path) cannot be fetched: reported, taken out. */
function ghostImages(html: string, report: ImportReport): string {
  return html.replace(/<img\b[^>]*\bsrc=("|')(\/content\/images\/[^"']*)\1[^>]*>/gi, (_m, _q: string, src: string) => {
    report.imageMissing(`${GHOST_URL}${src}`, GHOST_IMAGE_REASON)
    return ''
  })
}
