// Allow-list HTML sanitizer for owner-authored HTML (html/embed blocks, rich-text bodies, descriptions), run on
// save. Unknown tags are dropped (their text kept), dangerous containers are dropped with their content, only
// listed attributes survive, URLs must be http(s)/mailto/tel or relative (iframes: https only, sandboxed), no event
// handlers or style attributes. The output is well-formed: every open tag is closed.

import { safeLink } from '../../../platform/url-policy.js'

const VOID = new Set(['br', 'hr', 'img', 'col', 'source', 'wbr'])
const ALLOWED = new Set([
  'a', 'abbr', 'audio', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details',
  'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'iframe', 'img',
  'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 's', 'small', 'source', 'span', 'strong', 'sub',
  'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'video', 'wbr',
])
/** Dropped together with everything up to their end tag. */
const DROP_CONTENT = new Set([
  'script', 'style', 'template', 'title', 'textarea', 'select', 'xmp', 'noembed', 'noframes', 'noscript', 'plaintext',
  'svg', 'math', 'object', 'applet', 'head',
])
const GLOBAL_ATTRS = new Set(['class', 'id', 'title', 'lang', 'dir', 'role'])
const TAG_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel', 'name'],
  img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading'],
  iframe: ['src', 'width', 'height', 'allowfullscreen', 'loading', 'referrerpolicy', 'allow'],
  td: ['colspan', 'rowspan', 'headers'],
  th: ['colspan', 'rowspan', 'scope', 'headers'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  details: ['open'],
  audio: ['src', 'controls', 'preload', 'loop', 'muted'],
  video: ['src', 'controls', 'preload', 'loop', 'muted', 'poster', 'playsinline', 'width', 'height'],
  source: ['src', 'type', 'srcset', 'media', 'sizes'],
}
const URL_ATTRS = new Set(['href', 'src', 'cite', 'poster'])
const IFRAME_ALLOW = new Set(['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture', 'clipboard-write', 'accelerometer', 'gyroscope'])
const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation allow-forms'

export interface SanitizeOptions {
  /** Allow https iframes (embed and html blocks); default true. */
  iframes?: boolean
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')', period: '.', comma: ',' }

/** Decodes character references the way a browser does in attribute values (numeric and common named ones). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
      return String.fromCodePoint(code)
    }
    const named = NAMED[ref.toLowerCase()]
    return named ?? whole
  })
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A safe URL of an HTML attribute (the URL policy, after decoding character references) or null. `httpsOnly` for iframe sources. */
export function safeUrl(raw: string, httpsOnly = false): string | null {
  const value = decodeEntities(raw).trim()
  // eslint-disable-next-line no-control-regex
  const probe = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  if (/&[a-z]+;?/i.test(probe)) return null // an entity we did not decode could hide a scheme
  if (httpsOnly) return /^https:/.test(probe) ? value : null
  return safeLink(value)
}

function sanitizeSrcset(raw: string): string | null {
  const parts = decodeEntities(raw).split(',').map((p) => p.trim()).filter(Boolean)
  const out: string[] = []
  for (const p of parts) {
    const [url, ...desc] = p.split(/\s+/)
    const safe = url ? safeUrl(url) : null
    if (!safe) return null
    out.push([safe, ...desc.filter((d) => /^\d+(\.\d+)?[wx]$/.test(d))].join(' '))
  }
  return out.join(', ')
}

interface Attr {
  name: string
  value: string
}

/** Parses the attributes of a start tag (the text between the tag name and `>`). */
function parseAttrs(src: string): Attr[] {
  const attrs: Attr[] = []
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
  let m: RegExpExecArray | null
  while ((m = re.exec(src))) {
    attrs.push({ name: m[1]!.toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? '' })
  }
  return attrs
}

function renderAttrs(tag: string, attrs: Attr[], opts: Required<SanitizeOptions>): string | null {
  const allowed = TAG_ATTRS[tag] ?? []
  const out: string[] = []
  const seen = new Set<string>()
  let hasTargetBlank = false
  for (const { name, value } of attrs) {
    if (seen.has(name)) continue
    seen.add(name)
    const isAria = /^aria-[a-z-]+$/.test(name)
    if (!GLOBAL_ATTRS.has(name) && !allowed.includes(name) && !isAria) continue
    let v: string | null = decodeEntities(value)
    if (URL_ATTRS.has(name)) v = safeUrl(value, tag === 'iframe')
    else if (name === 'srcset') v = sanitizeSrcset(value)
    else if (name === 'target') {
      v = v === '_blank' ? '_blank' : null
      hasTargetBlank = v === '_blank'
    } else if (name === 'allow') v = v.split(';').map((s) => s.trim()).filter((s) => IFRAME_ALLOW.has(s)).join('; ')
    else if (name === 'rel') continue // set below
    if (v === null) {
      if (tag === 'iframe' && name === 'src') return null
      continue
    }
    out.push(v === '' && (name === 'allowfullscreen' || name === 'controls' || name === 'open' || name === 'reversed' || name === 'loop' || name === 'muted' || name === 'playsinline') ? name : `${name}="${escAttr(v)}"`)
  }
  if (tag === 'iframe') {
    if (!opts.iframes || !seen.has('src')) return null
    out.push(`sandbox="${IFRAME_SANDBOX}"`)
  }
  if (tag === 'a' && hasTargetBlank) out.push('rel="noopener noreferrer"')
  return out.length ? ' ' + out.join(' ') : ''
}

/** Escapes text outside tags: `<`/`>` always, `&` unless it starts a character reference. */
function escText(s: string): string {
  return s.replace(/&(?!(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function sanitizeHtml(input: string, options: SanitizeOptions = {}): string {
  const opts: Required<SanitizeOptions> = { iframes: options.iframes ?? true }
  const src = String(input ?? '')
  let out = ''
  const stack: string[] = []
  let i = 0
  while (i < src.length) {
    const lt = src.indexOf('<', i)
    if (lt < 0) {
      out += escText(src.slice(i))
      break
    }
    out += escText(src.slice(i, lt))
    i = lt
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4)
      i = end < 0 ? src.length : end + 3
      continue
    }
    if (src[i + 1] === '!' || src[i + 1] === '?') {
      const end = src.indexOf('>', i)
      i = end < 0 ? src.length : end + 1
      continue
    }
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(src.slice(i, i + 64))
    if (!m) {
      out += '&lt;'
      i++
      continue
    }
    const closing = m[1] === '/'
    const tag = m[2]!.toLowerCase()
    // the end of the tag: the first '>' outside quotes
    let j = i + m[0].length
    let quote = ''
    for (; j < src.length; j++) {
      const c = src[j]
      if (quote) {
        if (c === quote) quote = ''
      } else if (c === '"' || c === "'") quote = c
      else if (c === '>') break
    }
    const attrText = src.slice(i + m[0].length, j)
    i = j < src.length ? j + 1 : src.length
    if (closing) {
      const at = stack.lastIndexOf(tag)
      if (at >= 0) {
        while (stack.length > at) out += `</${stack.pop()}>`
      }
      continue
    }
    if (DROP_CONTENT.has(tag) || (tag === 'iframe' && !opts.iframes)) {
      const endRe = new RegExp(`</${tag}\\s*>`, 'i')
      const rest = src.slice(i)
      const e = endRe.exec(rest)
      i = e ? i + e.index + e[0].length : src.length
      continue
    }
    if (!ALLOWED.has(tag)) continue
    const attrs = renderAttrs(tag, parseAttrs(attrText.replace(/\/\s*$/, '')), opts)
    if (attrs === null) {
      if (tag === 'iframe') {
        const e = /<\/iframe\s*>/i.exec(src.slice(i))
        i = e ? i + e.index + e[0].length : src.length
      }
      continue
    }
    out += `<${tag}${attrs}>`
    if (tag === 'iframe') {
      // iframe content is never shown: skip it and close the element
      const e = /<\/iframe\s*>/i.exec(src.slice(i))
      i = e ? i + e.index + e[0].length : src.length
      out += '</iframe>'
      continue
    }
    if (!VOID.has(tag)) stack.push(tag)
  }
  while (stack.length) out += `</${stack.pop()}>`
  return out
}

/** Plain text of HTML (tags removed, entities decoded, whitespace collapsed): search excerpts, meta descriptions. */
export function htmlToText(html: string): string {
  return decodeEntities(
    String(html ?? '')
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim()
}
