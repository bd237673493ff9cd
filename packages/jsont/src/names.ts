// Character-level helpers for names in tags (hot in compile: no regular expressions, no intermediate arrays).
import type { Path } from './code.js'
import { VARIABLE_INDEX_MAX } from './limits.js'

/** letters, digits, '_', '@', '$', '-' */
export function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 64 || c === 36 || c === 45
  )
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 64 || c === 36
}

/** Segment text to path element: an all-digit segment up to VARIABLE_INDEX_MAX is an index, anything else a name. */
function segment(s: string, start: number, end: number): string | number {
  if (end - start <= 10) {
    let n = 0
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i)
      if (c < 48 || c > 57) return s.slice(start, end)
      n = n * 10 + (c - 48)
    }
    if (n <= VARIABLE_INDEX_MAX) return n
  }
  return s.slice(start, end)
}

/**
 * Validate and split a variable name `a.b.0` / `@` / `@foo.bar` / `$x`, within s[start, end).
 * Returns null when it is not a valid name.
 */
export function parsePath(s: string, start = 0, end = s.length): Path | null {
  if (end <= start || !isNameStart(s.charCodeAt(start))) return null
  // the first segment (the common one-segment name ends here)
  let i = start + 1
  for (; i < end; i++) {
    const c = s.charCodeAt(i)
    if (c === 46 /* . */) break
    if (!isNameChar(c)) return null
  }
  const out: Path = [s.slice(start, i)]
  if (i === end) return out
  let segStart = i + 1
  for (i = segStart; i <= end; i++) {
    const c = i < end ? s.charCodeAt(i) : 46
    if (c === 46 /* . */) {
      if (i === segStart) return null
      out.push(segment(s, segStart, i))
      segStart = i + 1
    } else if (!isNameChar(c)) return null
  }
  return out
}

/**
 * End of a word `[A-Za-z][\w-]*` (plus an optional trailing '?') starting at `start`, within s[.., to);
 * `start` when none.
 */
export function wordEnd(s: string, start: number, allowUnderscoreStart = false, to = s.length): number {
  if (start >= to) return start
  const c0 = s.charCodeAt(start)
  if (!((c0 >= 97 && c0 <= 122) || (c0 >= 65 && c0 <= 90) || (allowUnderscoreStart && c0 === 95))) return start
  let i = start + 1
  for (; i < to; i++) {
    const c = s.charCodeAt(i)
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45)) break
  }
  if (i < to && s.charCodeAt(i) === 63 /* ? */) i++
  return i
}

/**
 * A fixed set of names matched against a range of the source without slicing it: by length, then char by char.
 * `find` returns the set's own (interned) string, which the tree then holds.
 */
export class NameSet {
  /** buckets by length and first character (low 7 bits) */
  private readonly buckets: (string[] | undefined)[] = []

  constructor(names: Iterable<string>) {
    for (const n of names) if (n.length > 0) (this.buckets[NameSet.slot(n.length, n.charCodeAt(0))] ??= []).push(n)
  }

  private static slot(length: number, first: number): number {
    return (length << 7) | (first & 127)
  }

  /** The name spelled by s[start, end), or undefined. */
  find(s: string, start: number, end: number): string | undefined {
    const len = end - start
    if (len <= 0) return undefined
    const c0 = s.charCodeAt(start)
    const bucket = this.buckets[NameSet.slot(len, c0)]
    if (bucket === undefined) return undefined
    next: for (let i = 0; i < bucket.length; i++) {
      const name = bucket[i]!
      if (name.charCodeAt(0) !== c0) continue
      for (let j = 1; j < len; j++) if (name.charCodeAt(j) !== s.charCodeAt(start + j)) continue next
      return name
    }
    return undefined
  }
}
