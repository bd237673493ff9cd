// Stage 1: split source into text runs, comments and instruction tags (the text between '{' and '}' on one line).

/** Receives the pieces of the source in order (offsets are source offsets of the opening brace or text start). */
export interface ScanSink {
  text(s: string, offset: number): void
  /** a tag: its body (without braces) is src[start, end); the opening brace is at start - 1 */
  tag(start: number, end: number): void
  comment(body: string, multiLine: boolean, offset: number): void
  /** a `{##` comment with no closing `##}` (the rest of the source then counts as that comment) */
  unterminated?(offset: number): void
}

/** Whether `c` can start a tag body: '.', '@', '$', '#', letters and '_'. */
function startsTag(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 46 || c === 64 || c === 36 || c === 35 || c === 95
  )
}

export function scan(src: string, sink: ScanSink): void {
  const n = src.length
  let textStart = 0
  let i = src.indexOf('{')
  // cached positions of the next '}' and '\n' at or after the current brace
  let close = -2
  let nl = -2
  while (i !== -1 && i < n - 1) {
    const c = src.charCodeAt(i + 1)
    if (!startsTag(c)) {
      i = src.indexOf('{', i + 1)
      continue
    }
    if (c === 35 /* # */) {
      const multi = src.charCodeAt(i + 2) === 35
      const end = multi ? src.indexOf('##}', i + 3) : src.indexOf('}', i + 2)
      if (end === -1) {
        if (!multi) break
        if (i > textStart) sink.text(src.slice(textStart, i), textStart)
        sink.unterminated?.(i)
        sink.comment(src.slice(i + 3), true, i)
        textStart = n
        break
      }
      if (i > textStart) sink.text(src.slice(textStart, i), textStart)
      sink.comment(src.slice(i + (multi ? 3 : 2), end), multi, i)
      textStart = end + (multi ? 3 : 1)
      i = src.indexOf('{', textStart)
      continue
    }
    if (close < i) close = src.indexOf('}', i + 1)
    if (close === -1) break
    if (nl !== -1 && nl < i) nl = src.indexOf('\n', i + 1)
    const next = src.indexOf('{', i + 1)
    if ((nl !== -1 && nl < close) || (next !== -1 && next < close)) {
      i = next
      continue
    }
    if (i > textStart) sink.text(src.slice(textStart, i), textStart)
    sink.tag(i + 1, close)
    textStart = close + 1
    i = next
  }
  if (n > textStart) sink.text(src.slice(textStart), textStart)
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
