// A small, forgiving HTML tree of post content (not XML: WordPress content is HTML with unclosed <p>s and stray end
// tags). Nodes keep their source offsets, so a node's outer HTML is the source text it came from.
export interface HtmlElement {
  kind: 'element'
  tag: string
  attrs: Record<string, string>
  children: HtmlNode[]
  start: number
  end: number
}
export interface HtmlText {
  kind: 'text'
  text: string
  start: number
  end: number
}
export interface HtmlComment {
  kind: 'comment'
  text: string
  start: number
  end: number
}
export type HtmlNode = HtmlElement | HtmlText | HtmlComment

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const RAW = new Set(['script', 'style', 'textarea', 'pre', 'code'])
/** Opening one of these closes an open <p> (as browsers do). */
const CLOSES_P = new Set(['p', 'div', 'ul', 'ol', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'hr', 'dl', 'address', 'section', 'iframe'])

function readAttrs(src: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  let i = 0
  while (i < src.length) {
    while (i < src.length && /[\s/]/.test(src[i]!)) i++
    let name = ''
    while (i < src.length && !/[\s=/>]/.test(src[i]!)) name += src[i++]
    if (!name) break
    while (i < src.length && /\s/.test(src[i]!)) i++
    let value = ''
    if (src[i] === '=') {
      i++
      while (i < src.length && /\s/.test(src[i]!)) i++
      const q = src[i]
      if (q === '"' || q === "'") {
        const close = src.indexOf(q, i + 1)
        value = src.slice(i + 1, close < 0 ? src.length : close)
        i = close < 0 ? src.length : close + 1
      } else {
        while (i < src.length && !/\s/.test(src[i]!)) value += src[i++]
      }
    }
    attrs[name.toLowerCase()] = decode(value)
  }
  return attrs
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', rsquo: '\u2019', lsquo: '\u2018', rdquo: '\u201d', ldquo: '\u201c' }
/** Decodes character references (numeric and the common named ones). */
export function decode(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const n = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m
    }
    return NAMED[ref.toLowerCase()] ?? m
  })
}

/** Parses HTML into a forest of nodes. Unknown end tags are ignored; unclosed elements end with their parent. */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'element', tag: '#root', attrs: {}, children: [], start: 0, end: html.length }
  const stack: HtmlElement[] = [root]
  const top = () => stack[stack.length - 1]!
  const closeTo = (index: number, at: number) => {
    while (stack.length > index) stack.pop()!.end = at
  }
  let i = 0
  let textStart = 0
  const flushText = (to: number) => {
    if (to > textStart) top().children.push({ kind: 'text', text: decode(html.slice(textStart, to)), start: textStart, end: to })
  }
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) break
    if (html.startsWith('<!--', lt)) {
      flushText(lt)
      const close = html.indexOf('-->', lt + 4)
      const end = close < 0 ? html.length : close + 3
      top().children.push({ kind: 'comment', text: html.slice(lt + 4, close < 0 ? html.length : close), start: lt, end })
      i = textStart = end
      continue
    }
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/.exec(html.slice(lt, lt + 4000))
    if (!m) {
      i = lt + 1
      continue
    }
    flushText(lt)
    const end = lt + m[0].length
    const tag = m[2]!.toLowerCase()
    if (m[1]) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag)
      if (at > 0) closeTo(at, end)
    } else {
      if (CLOSES_P.has(tag)) {
        const p = stack.map((e) => e.tag).lastIndexOf('p')
        if (p > 0) closeTo(p, lt)
      }
      const el: HtmlElement = { kind: 'element', tag, attrs: readAttrs(m[3]!), children: [], start: lt, end }
      top().children.push(el)
      if (RAW.has(tag)) {
        const close = html.toLowerCase().indexOf(`</${tag}`, end)
        const stop = close < 0 ? html.length : close
        if (stop > end) el.children.push({ kind: 'text', text: decode(html.slice(end, stop)), start: end, end: stop })
        const after = close < 0 ? html.length : html.indexOf('>', close) + 1 || html.length
        el.end = after
        i = textStart = after
        continue
      }
      if (!VOID.has(tag) && !m[3]!.trim().endsWith('/')) stack.push(el)
    }
    i = textStart = end
  }
  flushText(html.length)
  closeTo(1, html.length)
  return root.children
}

/** The text of nodes (tags dropped, references decoded). */
export function textOf(nodes: readonly HtmlNode[]): string {
  let out = ''
  for (const n of nodes) out += n.kind === 'text' ? n.text : n.kind === 'element' ? (n.tag === 'br' ? '\n' : textOf(n.children)) : ''
  return out
}

/** Every element of a forest, depth first. */
export function* elements(nodes: readonly HtmlNode[]): Generator<HtmlElement> {
  for (const n of nodes)
    if (n.kind === 'element') {
      yield n
      yield* elements(n.children)
    }
}
