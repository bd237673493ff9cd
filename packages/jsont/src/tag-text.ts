// Character-level reading of tag text in place (bounded by the tag, no intermediate substrings).
import type { Args } from './code.js'

/**
 * Split arguments in `s[from, to)`: its first character is the delimiter (runs of blanks count as one).
 * Works on the tag text in place (no intermediate substring of the argument list).
 */
export function parseArgs(s: string, from = 0, to = s.length): Args | undefined {
  if (to <= from) return undefined
  const d = s.charCodeAt(from)
  const delim = s[from]!
  const blank = d === 32 || d === 9
  const parts: string[] = []
  let start = from + 1
  for (let i = start; i <= to; i++) {
    if (i === to || s.charCodeAt(i) === d) {
      if (!blank || i > start) parts.push(s.slice(start, i))
      start = i + 1
    }
  }
  return [parts, delim]
}

/** Index of the char code `c` in s[from, to), or -1 (a tag's bounds, never the rest of the source). */
export function indexIn(s: string, c: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === c) return i
  return -1
}

/** White space as String.prototype.trim sees it (ASCII fast path). */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true
  return c > 127 && /\s/.test(String.fromCharCode(c))
}

/** First index in s[from, to) that is not white space (`to` when none). */
export function skipSpace(s: string, from: number, to: number): number {
  while (from < to && isSpace(s.charCodeAt(from))) from++
  return from
}

/** End of s[from, to) without its trailing white space. */
export function trimEnd(s: string, from: number, to: number): number {
  while (to > from && isSpace(s.charCodeAt(to - 1))) to--
  return to
}

/** Words separated by blanks. */
export function words(s: string): string[] {
  const out: string[] = []
  let start = -1
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32
    const sp = c === 32 || c === 9 || c === 10 || c === 13
    if (sp) {
      if (start >= 0) out.push(s.slice(start, i))
      start = -1
    } else if (start < 0) start = i
  }
  return out
}

/** Blanks separating the words of `.if` (as `words` splits them). */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

