// Imports a WXR export into a site in two streamed passes over the file. Pass 1 reads every item into a small index
// (id, type, slug, old address, parent, attachment address): the file is checked whole before anything is written
// (malformed XML or another kind of file: nothing imported) and every new address is known, so links inside the
// content are rewritten in one go. Pass 2 creates or updates (idempotent by source id, so a crashed import resumes
// and a re-import never duplicates) the blog's posts, the pages with their hierarchy, comments, images, redirects.
// Each record lands in one transaction with its source-id mapping and its old addresses' redirects: a crash at any
// point leaves each record either whole (mapped, redirected) or absent, so the next run neither adds it twice nor
// loses a link.
import { htmlToText } from '../content/index.js'
import { AUTHOR_NAME_MAX, COMMENT_BODY_MAX, type CommentStatus } from '../social/index.js'
import { urlSlug } from '@sitewright/contracts'
import { convertContent, type DraftBlock } from './convert.js'
import { ImageFetcher } from './images.js'
import type { ImportPorts } from './ports.js'
import { ImportReport } from './report.js'
import type { SourceKeys, SourceMap } from './source-map.js'
import { ensureBlog, upsertPage, upsertPost } from './records.js'
import { readWxr, type WxrChannel, type WxrComment, type WxrItem } from './wxr.js'

export interface Indexed {
  type: string
  slug: string
  oldPath: string
  parent: string
  attachmentUrl: string
  title: string
  status: string
}

export const RESERVED = new Set(['api', 'assets', 'config', 'files', 'search', 'sitemap.xml', 'robots.txt', 'healthz', 'cart', 'checkout', 'commerce', 'account', 'favicon.ico', 'popup-overlay'])
const STATUS: Record<string, 'published' | 'draft' | 'scheduled' | 'needs-review' | 'private'> = { publish: 'published', future: 'scheduled', draft: 'draft', 'auto-draft': 'draft', pending: 'needs-review', private: 'private' }
const IMPORTED_TYPES = new Set(['post', 'page'])

export interface ImportOptions {
  siteId: string
  /** Opens the file from its start (it is read twice). */
  open: () => AsyncIterable<Buffer | string>
  progress?: (done: number, total: number) => Promise<void> | void
}

/** The path part of an old address (no trailing slash; `/` for the home page), or '' for another site's. */
export function oldPathOf(link: string, base: URL | null): string {
  if (!link) return ''
  let u: URL
  try {
    u = new URL(link, base ?? 'http://old.invalid/')
  } catch {
    return ''
  }
  if (base && u.host !== base.host && u.host.replace(/^www\./, '') !== base.host.replace(/^www\./, '')) return ''
  const path = decodeURIComponent(u.pathname).replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/'
  return u.search && path === '/' ? `/${u.search}` : path
}

const wpDate = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s.trim())
  if (!m || m[1] === '0000') return null
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`)
  return Number.isNaN(d.getTime()) ? null : d
}
function dateOf(item: WxrItem): Date {
  const d = wpDate(item.postDateGmt) ?? wpDate(item.postDate) ?? (item.pubDate ? new Date(item.pubDate) : null)
  return d && !Number.isNaN(d.getTime()) ? d : new Date()
}
const slugOf = (item: WxrItem) => urlSlug(item.postName.split('/').filter(Boolean).pop() ?? '') || urlSlug(item.title) || `post-${item.postId}`

export async function importWxr(ports: ImportPorts, sources: SourceMap, opts: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport('wxr')
  // pass 1: the whole file is read and indexed; a bad file throws here, before anything is written
  const index = new Map<string, Indexed>()
  let base: URL | null = null
  let total = 0
  const menuItems: MenuItem[] = []
  const channel = await readWxr(opts.open(), (item, ch) => {
    if (!base) base = baseOf(ch)
    if (!item.postId) return
    index.set(item.postId, { type: item.postType, slug: slugOf(item), oldPath: oldPathOf(item.link, base), parent: item.parent, attachmentUrl: item.attachmentUrl, title: item.title, status: item.status })
    if (IMPORTED_TYPES.has(item.postType) || item.postType === 'attachment') total++
    if (item.postType === 'nav_menu_item') menuItems.push(menuItemOf(item))
  })
  base ??= baseOf(channel)
  const source = `wxr:${base?.host ?? 'file'}`
  const map = sources.of(opts.siteId, source)
  report.source = { title: channel.title, link: channel.link, authors: channel.authors.length, categories: channel.categories.length, tags: channel.tags.length }
  const authors = new Map(channel.authors.map((a) => [a.login, a.displayName || a.login]))
  const catName = new Map(channel.categories.map((c) => [c.slug, c.name]))
  const tagName = new Map(channel.tags.map((t) => [t.slug, t.name]))

  // the blog the posts go into (the one of an earlier run of the same export, else a new one)
  const blog = await ensureBlog(ports, map, opts.siteId, [...index.values()].some((i) => i.type === 'post'))
  // new addresses: posts /blog/<slug>, pages at their old hierarchy (/parent/child), both unique
  const newPath = new Map<string, string>()
  const collections = await ports.content.listCollections(opts.siteId)
  const taken = new Set(collections.map((c) => c.urlId))
  const urlIdOf = new Map(collections.map((c) => [c.id, c.urlId]))
  const known = await map.all()
  const postSlugs = new Set<string>()
  // posts of an earlier run keep the address they have now (the owner may have changed it)
  for (const [id, it] of index) {
    const mapped = it.type === 'post' && blog ? known.get(`post:${id}`) : undefined
    const row = mapped ? await ports.content.itemById(opts.siteId, mapped) : null
    if (row && row.collectionId === blog!.id) {
      postSlugs.add(row.urlId)
      newPath.set(id, `/${blog!.urlId}/${row.urlId}`)
    }
  }
  for (const [id, it] of index) {
    if (it.type === 'post' && blog && !newPath.has(id)) {
      let slug = it.slug
      for (let n = 2; postSlugs.has(slug); n++) slug = `${it.slug}-${n}`
      postSlugs.add(slug)
      newPath.set(id, `/${blog.urlId}/${slug}`)
    }
  }
  const pagePath = (id: string, seen = new Set<string>()): string => {
    if (newPath.has(id)) return newPath.get(id)!
    const mine = urlIdOf.get(known.get(`page:${id}`) ?? '')
    if (mine) {
      newPath.set(id, `/${mine}`)
      return `/${mine}`
    }
    const it = index.get(id)!
    const parent = it.parent && it.parent !== '0' && index.get(it.parent)?.type === 'page' && !seen.has(it.parent) ? pagePath(it.parent, seen.add(id)) : ''
    const slug = RESERVED.has(it.slug) && !parent ? `${it.slug}-page` : it.slug
    const prefix = parent ? `${parent.slice(1)}/` : ''
    let full = `${prefix}${slug}`
    for (let n = 2; taken.has(full); n++) full = `${prefix}${slug}-${n}`
    taken.add(full)
    newPath.set(id, `/${full}`)
    return `/${full}`
  }
  for (const [id, it] of index) if (it.type === 'page') pagePath(id)
  const pathByOld = new Map<string, string>()
  for (const [id, to] of newPath) {
    const it = index.get(id)!
    if (it.oldPath) pathByOld.set(it.oldPath, to)
    pathByOld.set(`/?${it.type === 'page' ? 'page_id' : 'p'}=${id}`, to)
  }

  const images = new ImageFetcher(ports, map, opts.siteId, report)
  const rewrite = linkRewriter(base, pathByOld, catName, tagName, blog ? `/${blog.urlId}` : '')
  let done = 0

  // pass 2: every item, in file order
  await readWxr(opts.open(), async (item) => {
    if (item.postType === 'attachment') {
      report.count('attachments')
      if (item.attachmentUrl && /\.(jpe?g|png|gif|webp|avif|tiff?)(\?|$)/i.test(item.attachmentUrl)) await images.get(item.attachmentUrl, item.meta._wp_attachment_image_alt ?? item.title)
      else if (item.attachmentUrl) report.skip('attachments (not images)', item.attachmentUrl)
    } else if (item.postType === 'nav_menu_item') {
      report.count('menu items')
      return
    } else if (!IMPORTED_TYPES.has(item.postType)) {
      if (item.postType) report.skip(`${item.postType} items`, item.title || item.postId)
      return
    } else if (item.status === 'trash' || !STATUS[item.status]) {
      report.skip(`${item.postType}s in the trash`, item.title || item.postId)
    } else {
      const to = newPath.get(item.postId)
      if (!to) return
      const converted = convertContent(item.content)
      for (const u of converted.unknown) report.unknown(u, to)
      const sections = await layoutOf(converted.sections, images, rewrite, index, item.postId)
      const featured = item.meta._thumbnail_id ? index.get(item.meta._thumbnail_id)?.attachmentUrl : undefined
      const mainImage = featured ? await images.get(featured, '') : null
      // a password-protected post is not made public: it comes in private (its password does not travel)
      if (item.password) report.note(`password-protected ${item.postType}s imported as private`, to)
      const status = item.password ? 'private' : STATUS[item.status]!
      const old = index.get(item.postId)!.oldPath
      const byId = `/?${item.postType === 'page' ? 'page_id' : 'p'}=${item.postId}`
      const redirects: { from: string; to: string }[] = []
      if (old && old !== to && old !== '/' && old !== byId) redirects.push({ from: old, to })
      if (/^\d+$/.test(item.postId)) redirects.push({ from: byId, to })
      if (item.postType === 'post') {
        const itemId = await upsertPost(ports, map, opts.siteId, blog!.id, `post:${item.postId}`, redirects, {
          title: item.title.slice(0, 200),
          urlId: to.slice(to.lastIndexOf('/') + 1),
          layout: { sections },
          excerpt: rewrite.html(item.excerpt),
          authorName: (authors.get(item.creator) ?? item.creator).slice(0, 100),
          status,
          publishOn: dateOf(item).getTime(),
          tags: terms(item, 'post_tag', tagName, 50),
          categories: terms(item, 'category', catName, 25),
          mainImageId: mainImage?.id ?? null,
          commentState: item.commentStatus === 'closed' ? 2 : 1,
        })
        report.count('posts')
        await importComments(ports, map, opts.siteId, itemId, item, report)
      } else {
        await upsertPage(ports, map, opts.siteId, `page:${item.postId}`, redirects, {
          typeName: 'page',
          title: item.title.trim().slice(0, 200) || 'Untitled',
          urlId: to.slice(1),
          navigation: to.indexOf('/', 1) > 0 ? '_hidden' : 'main',
          layout: { sections },
          status,
          publishOn: dateOf(item).getTime(),
        })
        report.count('pages')
        if (item.comments.length) report.skip('comments on pages', `${to} (${item.comments.length})`)
      }
      report.count('redirects', redirects.length)
    }
    done++
    if (done % 10 === 0 || done === total) await opts.progress?.(done, total)
  })
  await placeMenus(ports, map, opts.siteId, menuItems, index, report)
  await opts.progress?.(total, total)
  return report
}

interface MenuItem {
  menu: string
  menuName: string
  parent: string
  order: number
  type: string
  object: string
  objectId: string
  title: string
}

const menuItemOf = (item: WxrItem): MenuItem => {
  const menu = item.terms.find((t) => t.domain === 'nav_menu')
  return {
    menu: menu?.slug || menu?.name || '',
    menuName: menu?.name || menu?.slug || '',
    parent: item.meta._menu_item_menu_item_parent ?? '0',
    order: Number(item.menuOrder) || 0,
    type: item.meta._menu_item_type ?? '',
    object: item.meta._menu_item_object ?? '',
    objectId: item.meta._menu_item_object_id ?? '',
    title: item.title,
  }
}

/**
 * WordPress menus -> the site's navigation. Which menu a theme shows is not in the export (theme locations are not
 * exported): a menu named primary/main/header/top, else the one with the most top-level pages, is the main
 * navigation; one named footer the footer. Their top-level pages come in menu order; the export's other imported
 * pages leave the main navigation (still at their addresses). Sub-items, custom links and category entries cannot be
 * navigation entries here: the report says so.
 */
async function placeMenus(ports: ImportPorts, map: SourceKeys, siteId: string, items: MenuItem[], index: Map<string, Indexed>, report: ImportReport) {
  if (!items.length) return
  const menus = new Map<string, MenuItem[]>()
  for (const it of items) if (it.menu) menus.set(it.menu, [...(menus.get(it.menu) ?? []), it])
  const pageIdOf = async (it: MenuItem) => (it.type === 'post_type' && it.object === 'page' && index.get(it.objectId)?.type === 'page' ? await map.get(`page:${it.objectId}`) : undefined)
  const topPages = async (list: MenuItem[]) => {
    const ids: string[] = []
    for (const it of [...list].sort((a, b) => a.order - b.order)) {
      if (it.parent !== '0' && it.parent !== '') continue
      const id = await pageIdOf(it)
      if (id && !ids.includes(id)) ids.push(id)
    }
    return ids
  }
  const named = (re: RegExp) => [...menus.keys()].find((k) => re.test(k) || re.test(menus.get(k)![0]!.menuName))
  const footerKey = named(/footer/i)
  let mainKey = named(/^(primary|main|header|top)([ -_]?(menu|navigation|nav))?$/i)
  if (!mainKey) {
    let best = 0
    for (const [k, list] of menus) {
      if (k === footerKey) continue
      const n = (await topPages(list)).length
      if (n > best) [best, mainKey] = [n, k]
    }
  }
  if (!mainKey && !footerKey) return
  const placed = new Set<string>()
  for (const [key, navigation] of [[mainKey, 'main'], [footerKey, 'footer']] as const) {
    if (!key) continue
    const list = menus.get(key)!
    const ids = await topPages(list)
    if (ids.length) await ports.content.reorderCollections(siteId, navigation, ids)
    ids.forEach((id) => placed.add(id))
    report.count(`${navigation} navigation entries (from the menu “${list[0]!.menuName}”)`, ids.length)
    for (const it of list) {
      const top = it.parent === '0' || it.parent === ''
      if (!top && (await pageIdOf(it))) report.note(`sub-entries of the menu “${list[0]!.menuName}” (their pages are imported, outside the navigation)`, it.title || index.get(it.objectId)?.title || it.objectId)
      else if (it.type === 'custom' || it.type === 'taxonomy') report.note(`links and category entries of the menu “${list[0]!.menuName}” not kept in the navigation`, it.title || it.object)
    }
  }
  // the export's other top-level pages: still at their addresses, out of the main navigation the menu now sets
  if (mainKey) {
    const rest: string[] = []
    for (const [id, it] of index) {
      if (it.type !== 'page') continue
      const mapped = await map.get(`page:${id}`)
      if (mapped && !placed.has(mapped)) rest.push(mapped)
    }
    for (let i = 0; i < rest.length; i += 1000) await ports.content.reorderCollections(siteId, '_hidden', rest.slice(i, i + 1000))
  }
  for (const [k, list] of menus) if (k !== mainKey && k !== footerKey) report.note('menus not used as the navigation', `${list[0]!.menuName} (${list.length} entries)`)
}

function baseOf(ch: WxrChannel): URL | null {
  for (const u of [ch.baseBlogUrl, ch.link]) {
    try {
      if (u) return new URL(u)
    } catch {
      // not an absolute address (Squarespace writes paths): try the next
    }
  }
  return null
}

function terms(item: WxrItem, domain: string, names: Map<string, string>, max: number): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const t of item.terms) {
    if (t.domain !== domain) continue
    const name = (t.name || names.get(t.slug) || t.slug).trim().slice(0, max)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    out.push(name)
    if (out.length === 50) break
  }
  return out
}

const COMMENT_STATUS: Record<string, CommentStatus> = { '1': 'approved', approve: 'approved', '0': 'pending', hold: 'pending', spam: 'spam' }

/** The item's comments with each parent before its replies (an export lists them by id, not always so). */
function parentsFirst(comments: readonly WxrComment[]): WxrComment[] {
  const byId = new Map(comments.map((c) => [c.id, c]))
  const out: WxrComment[] = []
  const placed = new Set<WxrComment>()
  const place = (c: WxrComment, path: Set<WxrComment>) => {
    if (placed.has(c) || path.has(c)) return
    path.add(c)
    const parent = c.parent && c.parent !== '0' ? byId.get(c.parent) : undefined
    if (parent) place(parent, path)
    placed.add(c)
    out.push(c)
  }
  for (const c of comments) place(c, new Set())
  return out
}

async function importComments(ports: ImportPorts, map: SourceKeys, siteId: string, itemId: string, item: WxrItem, report: ImportReport) {
  const byId = new Map(item.comments.map((c) => [c.id, c]))
  /** The imported comment a reply answers: its parent's, or (the parent not imported: trash, pingback) the nearest ancestor's. */
  const parentOf = async (c: WxrComment): Promise<string | null> => {
    const seen = new Set([c.id])
    for (let at = c.parent; at && at !== '0' && !seen.has(at); at = byId.get(at)?.parent ?? '') {
      seen.add(at)
      const mapped = await map.get(`comment:${at}`)
      if (mapped) return mapped
    }
    return null
  }
  for (const c of parentsFirst(item.comments)) {
    if (c.type === 'pingback' || c.type === 'trackback') {
      report.skip('pingbacks and trackbacks', c.author)
      continue
    }
    const status = COMMENT_STATUS[c.approved]
    if (!status) {
      report.skip('comments in the trash', c.id)
      continue
    }
    const key = `comment:${c.id}`
    if (await map.get(key)) {
      report.count('comments')
      continue
    }
    const body = htmlToText(c.content).trim().slice(0, COMMENT_BODY_MAX)
    if (!body) {
      report.skip('empty comments', c.id)
      continue
    }
    const parentId = c.parent && c.parent !== '0' ? await parentOf(c) : null
    await map.transaction(async (tx) => {
      const created = await ports.addComment(siteId, itemId, {
        parentId,
        authorName: (c.author.trim() || 'Anonymous').slice(0, AUTHOR_NAME_MAX),
        body,
        status,
        createdAt: wpDate(c.dateGmt) ?? wpDate(c.date) ?? new Date(),
      }, tx)
      await map.set(key, created.id, tx)
    })
    report.count('comments')
    if (status === 'pending') report.count('comments awaiting approval')
    if (parentId) report.count('replies')
  }
}

export interface LinkRewriter {
  url(href: string): string
  html(html: string): string
}

/** Old addresses inside content -> the new ones (posts, pages, ?p= ids, categories and tags as blog filters). */
export function linkRewriter(base: URL | null, pathByOld: Map<string, string>, cats: Map<string, string>, tags: Map<string, string>, blogPath: string): LinkRewriter {
  const url = (href: string): string => {
    const trimmed = href.trim()
    if (!trimmed || trimmed.startsWith('#') || /^(mailto|tel):/i.test(trimmed)) return href
    const path = oldPathOf(trimmed, base)
    if (!path || (base === null && !trimmed.startsWith('/'))) return href
    const hash = trimmed.includes('#') ? trimmed.slice(trimmed.indexOf('#')) : ''
    const found = pathByOld.get(path)
    if (found) return found + hash
    const m = /^\/(category|tag)\/(?:.*\/)?([^/]+)$/.exec(path)
    if (m && blogPath) {
      const name = (m[1] === 'category' ? cats : tags).get(m[2]!) ?? m[2]!
      return `${blogPath}?${m[1]}=${encodeURIComponent(name)}`
    }
    return href
  }
  return {
    url,
    html: (html) => html.replace(/\s+srcset=("|')[^"']*\1/gi, '').replace(/\bhref=("|')([^"']*)\1/gi, (_m, q: string, v: string) => `href=${q}${url(v.replace(/&amp;/g, '&')).replace(/&/g, '&amp;')}${q}`),
  }
}

/** Our layout sections from the converted drafts: images fetched, links rewritten, empty blocks dropped. */
export async function layoutOf(drafts: DraftBlock[][], images: ImageFetcher, rewrite: LinkRewriter, index: Map<string, Indexed>, postId: string) {
  const sections: { blocks: { typeName: string; value: Record<string, unknown> }[] }[] = []
  for (const draft of drafts) {
    const blocks: { typeName: string; value: Record<string, unknown> }[] = []
    for (const b of draft) {
      if (b.kind === 'text') blocks.push({ typeName: 'text', value: { html: (await images.inHtml(rewrite.html(b.html))).slice(0, 200_000) } })
      else if (b.kind === 'html') blocks.push({ typeName: 'html', value: { html: (await images.inHtml(rewrite.html(b.html))).slice(0, 200_000) } })
      else if (b.kind === 'image') {
        const img = await images.get(b.src, b.alt)
        if (!img) continue
        const link = b.link && !isImageAddress(b.link) ? rewrite.url(b.link) : ''
        blocks.push({ typeName: 'image', value: { imageId: img.id, ...(b.alignment ? { alignment: b.alignment } : {}), ...(b.caption ? { caption: b.caption.slice(0, 1000) } : {}), ...(link && isLink(link) ? { link } : {}) } })
      } else if (b.kind === 'gallery') {
        // [gallery] without ids: the images attached to the post
        const ids0 = b.images.length || b.attachmentIds.length ? b.attachmentIds : [...index].filter(([, a]) => a.type === 'attachment' && a.parent === postId && isImageAddress(a.attachmentUrl)).map(([id]) => id)
        const srcs = b.images.length ? b.images : ids0.map((id) => ({ src: index.get(id)?.attachmentUrl ?? '', alt: index.get(id)?.title ?? '' })).filter((x) => x.src)
        const ids: string[] = []
        for (const s of srcs) {
          const img = await images.get(s.src, s.alt)
          if (img && !ids.includes(img.id)) ids.push(img.id)
        }
        if (ids.length) blocks.push({ typeName: 'gallery', value: { imageIds: ids } })
      } else if (b.kind === 'embed') blocks.push(b.url.startsWith('https://') ? { typeName: 'embed', value: { url: b.url } } : { typeName: 'text', value: { html: `<p><a href="${b.url.replace(/"/g, '&quot;')}">${b.url.replace(/</g, '&lt;')}</a></p>` } })
      else if (b.kind === 'button') {
        const url = rewrite.url(b.url)
        if (isLink(url)) blocks.push({ typeName: 'button', value: { label: b.label, url } })
      } else if (b.kind === 'quote') blocks.push({ typeName: 'quote', value: { text: b.text, ...(b.source ? { source: b.source } : {}) } })
      else if (b.kind === 'code') blocks.push({ typeName: 'code', value: { code: b.code.slice(0, 50_000) } })
    }
    for (let i = 0; i < blocks.length; i += 200) sections.push({ blocks: blocks.slice(i, i + 200) })
  }
  // a page holds at most 50 sections: the rest joins the last
  while (sections.length > 50) {
    const extra = sections.pop()!
    sections[sections.length - 1]!.blocks.push(...extra.blocks)
    if (sections[sections.length - 1]!.blocks.length > 200) sections[sections.length - 1]!.blocks.length = 200
  }
  return sections
}

const isImageAddress = (u: string) => /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(u)
const isLink = (u: string) => /^(https?:\/\/|\/(?!\/)|mailto:|tel:)/i.test(u.trim())
