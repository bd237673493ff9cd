// WordPress post content (block markup, classic HTML with its blank-line paragraphs and shortcodes) -> our blocks:
// paragraphs, headings, lists and tables as text, quotes, images, galleries, embeds, buttons, code; columns become
// sections (one per column); anything else is kept as an HTML block (sanitised when saved) and named in the report.
// Images are left as their addresses here: the importer fetches them and puts in the stored images' ids.
import { elements, parseHtml, textOf, type HtmlElement, type HtmlNode } from './html-tree.js'

export type DraftBlock =
  | { kind: 'text'; html: string }
  | { kind: 'image'; src: string; alt: string; caption: string; link: string; alignment?: 'left' | 'right' | 'center' }
  | { kind: 'gallery'; images: { src: string; alt: string }[]; attachmentIds: string[] }
  | { kind: 'embed'; url: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'quote'; text: string; source: string }
  | { kind: 'code'; code: string }
  | { kind: 'html'; html: string; name: string }

export interface Converted {
  sections: DraftBlock[][]
  /** Names of the source blocks or shortcodes kept as HTML (the report lists them). */
  unknown: string[]
}

interface WpBlock {
  name: string
  attrs: Record<string, unknown>
  inner: string
  children: WpBlock[]
}

const BLOCK_COMMENT = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g

/** The block tree of block markup; text outside any block comes as a 'core/freeform' block. */
function parseBlocks(content: string): WpBlock[] {
  const root: WpBlock & { from: number } = { name: '#root', attrs: {}, inner: '', children: [], from: 0 }
  const stack: (WpBlock & { from: number })[] = [root]
  let last = 0
  const loose = (to: number) => {
    const top = stack[stack.length - 1]!
    if (stack.length === 1 && content.slice(last, to).trim()) top.children.push({ name: 'core/freeform', attrs: {}, inner: content.slice(last, to), children: [] })
  }
  for (const m of content.matchAll(BLOCK_COMMENT)) {
    const at = m.index
    const name = m[2]!.includes('/') ? m[2]! : `core/${m[2]}`
    let attrs: Record<string, unknown> = {}
    try {
      attrs = m[3] ? (JSON.parse(m[3]) as Record<string, unknown>) : {}
    } catch {
      attrs = {}
    }
    if (m[1]) {
      // closing: ends the innermost open block of this name
      const idx = stack.map((b) => b.name).lastIndexOf(name)
      if (idx <= 0) continue
      while (stack.length > idx + 1) stack.pop()
      const b = stack.pop()!
      b.inner = content.slice(b.from, at)
      last = at + m[0].length
      continue
    }
    loose(at)
    const block = { name, attrs, inner: '', children: [], from: at + m[0].length }
    stack[stack.length - 1]!.children.push(block)
    if (m[4]) last = at + m[0].length
    else stack.push(block)
  }
  loose(content.length)
  return root.children
}

const TEXT_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'dl', 'hr', 'address', 'details'])
const INLINE = new Set(['a', 'abbr', 'b', 'br', 'cite', 'code', 'del', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'time', 'img', 'font', 'big', 'acronym', 'strike', 'tt', 'var', 'label'])
const src = (html: string, n: HtmlNode) => html.slice(n.start, n.end)

function firstImage(nodes: readonly HtmlNode[]): { src: string; alt: string; link: string; alignment?: 'left' | 'right' | 'center' } | null {
  for (const e of elements(nodes)) {
    if (e.tag === 'img' && e.attrs.src) {
      const a = [...elements(nodes)].find((x) => x.tag === 'a' && [...elements(x.children)].includes(e))
      const classes = [...elements(nodes)].map((x) => x.attrs.class ?? '').join(' ')
      const align = /\balign(left|right|center)\b/.exec(classes)?.[1] as 'left' | 'right' | 'center' | undefined
      return { src: e.attrs.src, alt: e.attrs.alt ?? '', link: a?.attrs.href ?? '', ...(align ? { alignment: align } : {}) }
    }
  }
  return null
}
const onlyImage = (nodes: readonly HtmlNode[]): boolean =>
  nodes.every((n) => (n.kind === 'text' ? !n.text.trim() : n.kind === 'comment' || (n.kind === 'element' && (n.tag === 'img' || n.tag === 'br' || (n.tag === 'a' && nestedImageOnly(n.children)))))) && firstImage(nodes) !== null

function nestedImageOnly(nodes: readonly HtmlNode[]): boolean {
  return onlyImage(nodes)
}
const isUrlLine = (s: string) => /^https?:\/\/[^\s<>"]+$/.test(s.trim())
const SHORTCODE = /\[(\/?)([a-z_][a-z0-9_-]*)([^\]]*)\]/gi

/** A quote block from a blockquote's content (its <cite> is the source), or null when too long for one. */
function quoteOf(nodes: readonly HtmlNode[]): DraftBlock | null {
  const cite = [...elements(nodes)].find((c) => c.tag === 'cite')
  const source = cite ? textOf(cite.children).trim() : ''
  let text = textOf(nodes).replace(/\s*\n\s*/g, '\n').trim()
  if (source && text.endsWith(source)) text = text.slice(0, -source.length).replace(/[\s\u2014-]+$/, '').trim()
  return text && text.length <= 2000 ? { kind: 'quote', text, source: source.slice(0, 200) } : null
}

class Builder {
  sections: DraftBlock[][] = [[]]
  unknown: string[] = []
  private pending = ''
  constructor(private readonly html: string) {}
  private get cur() {
    return this.sections[this.sections.length - 1]!
  }
  push(b: DraftBlock) {
    this.flush()
    if (b.kind === 'text' && this.cur.at(-1)?.kind === 'text') (this.cur.at(-1) as { html: string }).html += b.html
    else this.cur.push(b)
  }
  /** Inline text and elements of classic content: paragraphs at blank lines, line breaks at single ones. */
  inline(html: string) {
    this.pending += html
  }
  flush() {
    const raw = this.pending
    this.pending = ''
    if (!raw.trim()) return
    for (const para of raw.split(/\n\s*\n/)) {
      const t = para.trim()
      if (!t) continue
      if (isUrlLine(t)) this.cur.push({ kind: 'embed', url: t })
      else this.push({ kind: 'text', html: `<p>${t.replace(/\n/g, '<br>')}</p>` })
    }
  }
  section() {
    this.flush()
    if (this.cur.length) this.sections.push([])
  }
  kept(name: string, html: string) {
    if (!html.trim()) return
    if (!this.unknown.includes(name)) this.unknown.push(name)
    this.push({ kind: 'html', html, name })
  }

  /** Classic (or block-inner) HTML. */
  classic(nodes: readonly HtmlNode[]) {
    for (const n of nodes) {
      if (n.kind === 'comment') continue
      if (n.kind === 'text') {
        this.shortcodes(src(this.html, n))
        continue
      }
      this.element(n)
    }
    this.flush()
  }

  private element(e: HtmlElement) {
    const outer = src(this.html, e)
    if (e.tag === 'img' || (e.tag === 'a' && onlyImage(e.children)) || (e.tag === 'p' && onlyImage(e.children))) {
      const img = firstImage([e])!
      return this.push({ kind: 'image', ...img, caption: '' })
    }
    if (e.tag === 'wp-gallery') return this.push({ kind: 'gallery', images: [], attachmentIds: (e.attrs.ids ?? '').split(',').map((x) => x.trim()).filter(Boolean) })
    if (e.tag === 'wp-embed') return this.push({ kind: 'embed', url: e.attrs.url ?? '' })
    if (INLINE.has(e.tag)) return this.inline(outer)
    if (e.tag === 'figure') {
      const cap = e.children.find((c): c is HtmlElement => c.kind === 'element' && c.tag === 'figcaption')
      const img = firstImage(e.children)
      if (img) return this.push({ kind: 'image', ...img, caption: cap ? textOf(cap.children).trim() : '' })
      return this.classic(e.children.filter((c) => c !== cap))
    }
    if (e.tag === 'blockquote') return this.push(quoteOf(e.children) ?? { kind: 'text', html: outer })
    if (e.tag === 'iframe' && e.attrs.src?.startsWith('https://')) return this.push({ kind: 'embed', url: e.attrs.src })
    // a paragraph holding only an address (WordPress embeds those on their own line)
    if (e.tag === 'p' && isUrlLine(textOf(e.children)) && e.children.every((c) => c.kind !== 'element' || c.tag === 'a')) return this.push({ kind: 'embed', url: textOf(e.children).trim() })
    if (e.tag === 'pre') return this.push({ kind: 'code', code: textOf(e.children) })
    if (TEXT_TAGS.has(e.tag)) return this.push({ kind: 'text', html: outer })
    if (e.tag === 'div' || e.tag === 'section' || e.tag === 'article' || e.tag === 'center') return this.classic(e.children)
    if (e.tag === 'script' || e.tag === 'style') return
    this.kept(`<${e.tag}>`, outer)
  }

  shortcodeText(text: string) {
    this.classic(parseHtml(text))
  }

  /** Text of classic content: shortcodes still in it (not expanded before) stay as text and are reported. */
  private shortcodes(text: string) {
    for (const m of text.matchAll(SHORTCODE)) if (!m[1] && !this.unknown.includes(`[${m[2]!.toLowerCase()}]`)) this.unknown.push(`[${m[2]!.toLowerCase()}]`)
    this.inline(text)
  }

  block(b: WpBlock) {
    const html = expandShortcodes(b.inner)
    const nodes = () => parseHtml(html)
    const inner = new Builder(html)
    const name = b.name.replace(/^core-embed\//, 'core/embed-')
    switch (name) {
      case 'core/freeform':
      case 'core/paragraph':
      case 'core/heading':
      case 'core/list':
      case 'core/list-item':
      case 'core/table':
      case 'core/separator':
      case 'core/verse':
      case 'core/more':
      case 'core/nextpage':
        inner.classic(nodes())
        return this.merge(inner)
      case 'core/image': {
        const n = nodes()
        const img = firstImage(n)
        const cap = [...elements(n)].find((e) => e.tag === 'figcaption')
        if (img) this.push({ kind: 'image', ...img, caption: cap ? textOf(cap.children).trim() : '' })
        return
      }
      case 'core/gallery': {
        const ids = Array.isArray(b.attrs.ids) ? b.attrs.ids.map(String) : []
        const images = [...elements(nodes())].filter((e) => e.tag === 'img' && e.attrs.src).map((e) => ({ src: e.attrs.src!, alt: e.attrs.alt ?? '' }))
        return this.push({ kind: 'gallery', images, attachmentIds: images.length ? [] : ids })
      }
      case 'core/quote':
      case 'core/pullquote': {
        const quote = quoteOf(nodes())
        return quote ? this.push(quote) : this.push({ kind: 'text', html: b.inner })
      }
      case 'core/buttons':
      case 'core/button': {
        const links = [...elements(nodes())].filter((e) => e.tag === 'a' && e.attrs.href)
        for (const a of links) this.push({ kind: 'button', label: textOf(a.children).trim().slice(0, 100) || 'Open', url: a.attrs.href! })
        for (const c of b.children) if (c.name !== 'core/button') this.block(c)
        return
      }
      case 'core/columns':
      case 'core/media-text':
        this.section()
        for (const c of b.children) {
          if (c.name === 'core/column') {
            for (const cc of c.children) this.block(cc)
            if (!c.children.length) this.classic(parseHtml(c.inner))
          } else this.block(c)
          this.section()
        }
        if (!b.children.length) this.classic(nodes())
        return this.section()
      case 'core/group':
      case 'core/column':
      case 'core/cover':
        if (b.children.length) for (const c of b.children) this.block(c)
        else this.classic(nodes())
        return
      case 'core/shortcode':
        inner.shortcodeText(html)
        return this.merge(inner)
      case 'core/code':
      case 'core/preformatted':
        return this.push({ kind: 'code', code: textOf(nodes()) })
      case 'core/html':
        return this.push({ kind: 'html', html: b.inner, name: 'core/html' })
      default: {
        const url = typeof b.attrs.url === 'string' ? b.attrs.url : ''
        if (name === 'core/embed' || name.startsWith('core/embed-')) {
          if (url.startsWith('https://')) return this.push({ kind: 'embed', url })
        }
        if (name === 'core/spacer') return
        this.kept(b.name, b.inner)
      }
    }
  }

  private merge(other: Builder) {
    for (const u of other.unknown) if (!this.unknown.includes(u)) this.unknown.push(u)
    other.sections.forEach((s, i) => {
      if (i > 0) this.section()
      for (const b of s) this.push(b)
    })
  }
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** [caption], [gallery] and [embed] as elements the builder knows (figure, wp-gallery, wp-embed). */
function expandShortcodes(html: string): string {
  if (!html.includes('[')) return html
  return html
    .replace(/\[(caption|wp_caption)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_m, _n: string, attrs: string, body: string) => {
      const img = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i.exec(body)
      const text = (img ? body.replace(img[0], '') : body).trim() || (/caption="([^"]*)"/i.exec(attrs)?.[1] ?? '')
      const align = /align="(align(?:left|right|center))"/i.exec(attrs)?.[1] ?? ''
      return img ? `<figure class="${align}">${img[0]}<figcaption>${text}</figcaption></figure>` : body
    })
    .replace(/\[gallery([^\]]*)\]/gi, (_m, attrs: string) => `<wp-gallery ids="${attr(/ids\s*=\s*["']?([\d,\s]+)/i.exec(attrs)?.[1] ?? '')}"></wp-gallery>`)
    .replace(/\[embed[^\]]*\]\s*(https:\/\/[^\s<[]+)\s*\[\/embed\]/gi, (_m, url: string) => `<wp-embed url="${attr(url)}"></wp-embed>`)
}

/** Converts one post's content. */
export function convertContent(content: string): Converted {
  if (content.includes('<!-- wp:')) {
    const b = new Builder(content)
    for (const block of parseBlocks(content)) b.block(block)
    b.flush()
    return { sections: b.sections.filter((s) => s.length), unknown: b.unknown }
  }
  const html = expandShortcodes(content)
  const b = new Builder(html)
  b.classic(parseHtml(html))
  b.flush()
  const sections = b.sections.filter((s) => s.length)
  return { sections, unknown: b.unknown }
}

