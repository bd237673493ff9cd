// Text helpers shared by the formatter families.

/** JSON text safe inside a <script> element: '</' becomes '<\/'. */
export function jsonForScript(v: unknown, indent?: number): string {
  if (v === undefined) return ''
  const s = JSON.stringify(v, null, indent)
  if (s === undefined) return ''
  return s.indexOf('</') === -1 ? s : s.replace(/<\//g, '<\\/')
}

/** Cut `s` to at most `max` characters at a word boundary and append `ellipsis` (by default 100 and '...'). */
export function truncate(s: string, max = 100, ellipsis = '...'): string {
  if (!(max >= 0) || s.length <= max) return s
  const cut = s.slice(0, max)
  const sp = cut.lastIndexOf(' ')
  return (sp > 0 ? cut.slice(0, sp + 1) : cut) + ellipsis
}

/** Lower-case URL slug: letters, digits and single dashes. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
}

/** Typographic punctuation: curly quotes and apostrophes, -- em dash, ... ellipsis. */
export function smartypants(s: string): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    const prev = i > 0 ? s[i - 1]! : ''
    const opening = prev === '' || /[\s([{\u2014-]/.test(prev)
    if (c === '-' && s[i + 1] === '-') {
      out += '\u2014'
      i++
    } else if (c === '.' && s.startsWith('...', i)) {
      out += '\u2026'
      i += 2
    } else if (c === '"') out += opening ? '\u201c' : '\u201d'
    else if (c === "'") out += opening ? '\u2018' : '\u2019'
    else out += c
  }
  return out
}

/** Strip HTML tags. */
export function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, '')
}

/** Replace {N} placeholders with `args[N]` (missing -> ''). */
export function formatPlaceholders(s: string, args: readonly string[]): string {
  return s.replace(/\{(\d+)\}/g, (_, d: string) => args[Number(d)] ?? '')
}
