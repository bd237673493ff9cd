// Ghost post content -> HTML the block converter reads: Lexical (Ghost 5) and mobiledoc (Ghost 2-4) documents are
// rendered here node by node (paragraphs, headings, lists, quotes, images, galleries, embeds, bookmarks, buttons,
// callouts, code, HTML and markdown cards); a node or card we do not know is named so the report can list it.
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

type Json = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : '')
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})

export interface Rendered {
  html: string
  /** Node or card types kept as plain HTML or left out (for the report). */
  unknown: string[]
}

/** Markdown cards: paragraphs at blank lines, the rest as text (no markdown library: kept readable, never run). */
function markdownHtml(md: string): string {
  return md
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const h = /^(#{1,6})\s+(.*)$/.exec(p)
      if (h) return `<h${h[1]!.length}>${esc(h[2]!)}</h${h[1]!.length}>`
      return `<p>${esc(p).replace(/\n/g, '<br>')}</p>`
    })
    .join('')
}

function card(name: string, payload: Json, unknown: Set<string>): string {
  switch (name) {
    case 'image': {
      const src = str(payload.src)
      if (!src) return ''
      const cap = str(payload.caption)
      return `<figure><img src="${esc(src)}" alt="${esc(str(payload.alt))}">${cap ? `<figcaption>${cap}</figcaption>` : ''}</figure>`
    }
    case 'gallery':
      return `<figure class="wp-block-gallery">${arr(payload.images)
        .map((i) => obj(i))
        .filter((i) => str(i.src))
        .map((i) => `<img src="${esc(str(i.src))}" alt="${esc(str(i.alt))}">`)
        .join('')}</figure>`
    case 'html':
      return str(payload.html)
    case 'markdown':
      return markdownHtml(str(payload.markdown))
    case 'embed': {
      const url = str(payload.url)
      return url ? `<p>${esc(url)}</p>` : ''
    }
    case 'bookmark': {
      const url = str(payload.url)
      const title = str(obj(payload.metadata).title) || url
      return url ? `<p><a href="${esc(url)}">${esc(title)}</a></p>` : ''
    }
    case 'button': {
      const url = str(payload.buttonUrl)
      const label = str(payload.buttonText)
      return url && label ? `<div class="wp-block-button"><a class="wp-block-button__link" href="${esc(url)}">${esc(label)}</a></div>` : ''
    }
    case 'callout':
      return `<p>${str(payload.calloutEmoji) ? `${esc(str(payload.calloutEmoji))} ` : ''}${str(payload.calloutText)}</p>`
    case 'code':
    case 'codeblock':
      return `<pre><code>${esc(str(payload.code))}</code></pre>`
    case 'hr':
    case 'horizontalrule':
      return '<hr>'
    default:
      unknown.add(name)
      return ''
  }
}

// ---------------------------------------------------------------- Lexical

const FORMAT_TAGS: [number, string][] = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [8, 'u'],
  [16, 'code'],
]

function lexicalNode(n: Json, unknown: Set<string>): string {
  const type = str(n.type)
  const kids = () => arr(n.children).map((c) => lexicalNode(obj(c), unknown)).join('')
  switch (type) {
    case 'text': {
      let t = esc(str(n.text))
      const format = typeof n.format === 'number' ? n.format : 0
      for (const [bit, tag] of FORMAT_TAGS) if (format & bit) t = `<${tag}>${t}</${tag}>`
      return t
    }
    case 'linebreak':
      return '<br>'
    case 'link':
    case 'autolink':
      return `<a href="${esc(str(n.url))}">${kids()}</a>`
    case 'paragraph':
      return `<p>${kids()}</p>`
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(str(n.tag)) ? str(n.tag) : 'h2'
      return `<${tag}>${kids()}</${tag}>`
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote><p>${kids()}</p></blockquote>`
    case 'list': {
      const tag = str(n.listType) === 'number' ? 'ol' : 'ul'
      return `<${tag}>${kids()}</${tag}>`
    }
    case 'listitem':
      return `<li>${kids()}</li>`
    case 'extended-text':
      return kids()
    default:
      return card(type, n, unknown)
  }
}

export function lexicalHtml(doc: string): Rendered {
  const unknown = new Set<string>()
  let root: Json
  try {
    root = obj(obj(JSON.parse(doc)).root)
  } catch {
    return { html: '', unknown: ['lexical (not readable)'] }
  }
  const html = arr(root.children).map((c) => lexicalNode(obj(c), unknown)).join('\n')
  return { html, unknown: [...unknown] }
}

// ---------------------------------------------------------------- mobiledoc

export function mobiledocHtml(doc: string): Rendered {
  const unknown = new Set<string>()
  let m: Json
  try {
    m = obj(JSON.parse(doc))
  } catch {
    return { html: '', unknown: ['mobiledoc (not readable)'] }
  }
  const markups = arr(m.markups).map((x) => arr(x))
  const atoms = arr(m.atoms).map((x) => arr(x))
  const cards = arr(m.cards).map((x) => arr(x))
  const markers = (list: unknown[]): string => {
    let out = ''
    const open: string[] = []
    for (const raw of list) {
      const [kind, opens, closes, value] = arr(raw) as [number, number[], number, unknown]
      for (const i of arr(opens) as number[]) {
        const [tag, attrs] = markups[i] ?? []
        const t = /^(a|b|strong|i|em|u|s|code|sup|sub)$/.test(str(tag)) ? str(tag) : 'span'
        const a = arr(attrs)
        const href = t === 'a' ? str(a[a.indexOf('href') + 1]) : ''
        out += t === 'a' ? `<a href="${esc(href)}">` : `<${t}>`
        open.push(t)
      }
      if (kind === 1) {
        const atom = atoms[value as number] ?? []
        out += str(atom[0]) === 'soft-return' ? '<br>' : esc(str(atom[1]))
      } else out += esc(str(value))
      for (let c = 0; c < (typeof closes === 'number' ? closes : 0); c++) out += `</${open.pop() ?? 'span'}>`
    }
    while (open.length) out += `</${open.pop()}>`
    return out
  }
  const html = arr(m.sections)
    .map((raw) => {
      const s = arr(raw)
      const kind = s[0]
      if (kind === 1) {
        const tag = str(s[1]).toLowerCase()
        const inner = markers(arr(s[2]))
        if (/^h[1-6]$/.test(tag)) return `<${tag}>${inner}</${tag}>`
        if (tag === 'blockquote' || tag === 'aside') return `<blockquote><p>${inner}</p></blockquote>`
        return `<p>${inner}</p>`
      }
      if (kind === 3) {
        const tag = str(s[1]).toLowerCase() === 'ol' ? 'ol' : 'ul'
        return `<${tag}>${arr(s[2])
          .map((item) => `<li>${markers(arr(item))}</li>`)
          .join('')}</${tag}>`
      }
      if (kind === 10) {
        const [name, payload] = cards[s[1] as number] ?? []
        return card(str(name), obj(payload), unknown)
      }
      return ''
    })
    .join('\n')
  return { html, unknown: [...unknown] }
}
