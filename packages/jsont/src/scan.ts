// Stage 1: split source into text runs, comments and instruction tags (the text between '{' and '}' on one line).

export const T_TEXT = 0
export const T_TAG = 1
export const T_COMMENT = 2
export const T_MCOMMENT = 3

export interface Token {
  kind: 0 | 1 | 2 | 3
  /** text, tag body (without braces) or comment body */
  text: string
  /** source offset of the token's first character */
  offset: number
}

/** Whether `c` can start a tag body: '.', '@', '$', '#', letters and '_'. */
function startsTag(c: number): boolean {
  return (
    c === 46 /* . */ ||
    c === 64 /* @ */ ||
    c === 36 /* $ */ ||
    c === 35 /* # */ ||
    c === 95 /* _ */ ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122)
  )
}

/**
 * Scan the source. `onUnterminated` receives the offset of a `{##` comment with no closing `##}` (the rest of the
 * source then counts as that comment).
 */
export function scan(src: string, onUnterminated?: (offset: number) => void): Token[] {
  const out: Token[] = []
  const n = src.length
  let textStart = 0
  let i = src.indexOf('{')
  const pushText = (end: number): void => {
    if (end > textStart) out.push({ kind: T_TEXT, text: src.slice(textStart, end), offset: textStart })
  }
  while (i !== -1 && i < n - 1) {
    const c = src.charCodeAt(i + 1)
    if (!startsTag(c)) {
      i = src.indexOf('{', i + 1)
      continue
    }
    if (c === 35 /* # */ && src.charCodeAt(i + 2) === 35) {
      const close = src.indexOf('##}', i + 3)
      pushText(i)
      if (close === -1) {
        onUnterminated?.(i)
        out.push({ kind: T_MCOMMENT, text: src.slice(i + 3), offset: i })
        textStart = n
        break
      }
      out.push({ kind: T_MCOMMENT, text: src.slice(i + 3, close), offset: i })
      textStart = close + 3
      i = src.indexOf('{', textStart)
      continue
    }
    // find the closing brace on the same line; another '{' first means this one is text
    let j = i + 1
    let end = -1
    for (; j < n; j++) {
      const d = src.charCodeAt(j)
      if (d === 125 /* } */) {
        end = j
        break
      }
      if (d === 10 /* \n */ || d === 123 /* { */) break
    }
    if (end === -1) {
      i = j < n && src.charCodeAt(j) === 123 ? j : src.indexOf('{', j)
      continue
    }
    pushText(i)
    if (c === 35) out.push({ kind: T_COMMENT, text: src.slice(i + 2, end), offset: i })
    else out.push({ kind: T_TAG, text: src.slice(i + 1, end), offset: i })
    textStart = end + 1
    i = src.indexOf('{', textStart)
  }
  pushText(n)
  return out
}

/** 1-based line and column of a source offset. */
export function lineColumn(src: string, offset: number): { line: number; column: number } {
  let line = 1
  let last = -1
  for (let k = src.indexOf('\n'); k !== -1 && k < offset; k = src.indexOf('\n', k + 1)) {
    line++
    last = k
  }
  return { line, column: offset - last }
}
