// A small Markdown renderer for markdown blocks (headings, paragraphs, lists, quotes, fenced code, emphasis, code
// spans, links, images, hard breaks). Text is escaped first; the result still goes through the sanitizer.
import { sanitizeHtml } from './sanitize.js'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function inline(text: string): string {
  const codes: string[] = []
  let s = text.replace(/`([^`]+)`/g, (_m, c: string) => {
    codes.push(`<code>${esc(c)}</code>`)
    return `\u0000${codes.length - 1}\u0000`
  })
  s = esc(s)
  s = s.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, alt: string, url: string) => `<img src="${url}" alt="${alt}">`)
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => `<a href="${url}">${label}</a>`)
  s = s.replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a?: string, b?: string) => `<strong>${a ?? b}</strong>`)
  s = s.replace(/(^|[^*\w])\*([^*\s][^*]*)\*|(^|[^_\w])_([^_\s][^_]*)_/g, (_m, p1?: string, a?: string, p2?: string, b?: string) =>
    `${p1 ?? p2 ?? ''}<em>${a ?? b}</em>`,
  )
  s = s.replace(/ {2,}\n|\\\n/g, '<br>')
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u0000(\d+)\u0000/g, (_m, n: string) => codes[Number(n)]!)
}

export function renderMarkdown(source: string): string {
  const lines = String(source ?? '').replace(/\r\n?/g, '\n').split('\n')
  const out: string[] = []
  let i = 0
  const para: string[] = []
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join('\n'))}</p>`)
    para.length = 0
  }
  while (i < lines.length) {
    const line = lines[i]!
    const fence = /^```\s*([\w+-]*)\s*$/.exec(line)
    if (fence) {
      flush()
      const body: string[] = []
      i++
      while (i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i++]!)
      i++
      out.push(`<pre><code${fence[1] ? ` class="language-${esc(fence[1])}"` : ''}>${esc(body.join('\n'))}</code></pre>`)
      continue
    }
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line)
    if (h) {
      flush()
      out.push(`<h${h[1]!.length}>${inline(h[2]!)}</h${h[1]!.length}>`)
      i++
      continue
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush()
      out.push('<hr>')
      i++
      continue
    }
    const list = /^\s*([-*+]|\d+[.)])\s+/.exec(line)
    if (list) {
      flush()
      const ordered = /\d/.test(list[1]!)
      const items: string[] = []
      while (i < lines.length) {
        const m = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(lines[i]!)
        if (!m || /\d/.test(m[1]!) !== ordered) break
        items.push(`<li>${inline(m[2]!)}</li>`)
        i++
      }
      out.push(`<${ordered ? 'ol' : 'ul'}>${items.join('')}</${ordered ? 'ol' : 'ul'}>`)
      continue
    }
    if (/^>\s?/.test(line)) {
      flush()
      const quoted: string[] = []
      while (i < lines.length && /^>\s?/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^>\s?/, ''))
      out.push(`<blockquote>${renderMarkdown(quoted.join('\n'))}</blockquote>`)
      continue
    }
    if (line.trim() === '') {
      flush()
      i++
      continue
    }
    para.push(line)
    i++
  }
  flush()
  return sanitizeHtml(out.join('\n'), { iframes: false })
}
