// Whether stored HTML is made only of what the rich-text editor can represent (so editing it there loses
// nothing). Other HTML opens in the HTML block's source editor instead.

const TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'blockquote',
  'br', 'code', 'pre', 'hr',
])
const ATTRIBUTES = new Set(['href', 'target', 'rel', 'class', 'style'])

export function isRichTextHtml(html: string): boolean {
  const tag = /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g
  let m: RegExpExecArray | null
  while ((m = tag.exec(html))) {
    if (!TAGS.has(m[1]!.toLowerCase())) return false
    for (const a of m[2]!.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
      const name = a[1]!.toLowerCase()
      if (!ATTRIBUTES.has(name)) return false
      if (name === 'style' && !/^["']?\s*text-align:\s*(left|center|right|justify);?\s*["']?$/i.test(a[2] ?? '')) return false
    }
  }
  return !/<!--|<!\[CDATA\[/.test(html)
}
