// Content negotiation of precompressed answers: which encoding a client takes, read from Accept-Encoding
// (memoized per header value: browsers send a handful of distinct values).
export type Encoding = 'br' | 'gzip'

interface Accepted {
  br: boolean
  gz: boolean
}

function parse(header: string): Accepted {
  let br = false
  let gz = false
  for (const raw of header.split(',')) {
    const [name, ...params] = raw.trim().toLowerCase().split(';')
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
    if (refused) continue
    if (name === 'br') br = true
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gz = true
  }
  return { br, gz }
}

const memo = new Map<string, Accepted>()

function accepted(header: string): Accepted {
  let e = memo.get(header)
  if (e === undefined) {
    e = parse(header)
    if (memo.size >= 256) memo.clear()
    memo.set(header, e)
  }
  return e
}

/** The encoding to answer with: brotli when accepted, else gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const e = accepted(header)
  return e.br ? 'br' : e.gz ? 'gzip' : null
}

/** True when the client takes gzip (the only encoding of pages printing the visitor's crumb). */
export function takesGzip(header: string | undefined): boolean {
  return header ? accepted(header).gz : false
}
