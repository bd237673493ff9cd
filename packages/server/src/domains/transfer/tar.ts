// A POSIX (ustar) tar stream, written and read piece by piece: nothing holds more than one 512-byte block plus the
// piece in hand, so an archive of any size moves through constant memory. Only what site archives need: regular
// files with names up to 255 bytes; the reader skips directories and extended headers that other tools may add.
import { AppError } from '../../platform/errors.js'

const BLOCK = 512
const ZERO = Buffer.alloc(BLOCK * 2)

/** A corrupt or truncated archive: a 400 for the editor, a plain message for the CLI. */
export function damaged(detail: string): AppError {
  return new AppError('invalid_data', 'archive_damaged', `This archive is damaged or incomplete (${detail}). Export the site again and retry.`)
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name }
  const cut = name.lastIndexOf('/', 155)
  const prefix = name.slice(0, cut)
  const base = name.slice(cut + 1)
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`tar name too long: ${name}`)
  return { prefix, base }
}

function octal(buf: Buffer, value: number, offset: number, width: number): void {
  buf.write(value.toString(8).padStart(width - 1, '0') + '\0', offset, width, 'ascii')
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const h = Buffer.alloc(BLOCK)
  const { prefix, base } = splitName(name)
  h.write(base, 0, 100, 'utf8')
  octal(h, 0o644, 100, 8)
  octal(h, 0, 108, 8)
  octal(h, 0, 116, 8)
  octal(h, size, 124, 12)
  octal(h, Math.floor(mtime.getTime() / 1000), 136, 12)
  h.write('        ', 148, 8, 'ascii')
  h.write('0', 156, 1, 'ascii')
  h.write('ustar\u000000', 257, 8, 'ascii')
  h.write('sitewright', 265, 32, 'ascii')
  h.write('sitewright', 297, 32, 'ascii')
  h.write(prefix, 345, 155, 'utf8')
  let sum = 0
  for (const b of h) sum += b
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii')
  return h
}

/** Zero bytes that fill a member of `size` bytes up to the next block. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest)
}

/** The two zero blocks that end an archive. */
export const TAR_END = ZERO

/** The bytes one member takes in the archive (header, content, padding). */
export function tarMemberSize(size: number): number {
  return BLOCK + size + tarPadding(size).length
}

export interface TarMember {
  name: string
  size: number
  /** The content, `size` bytes in all. */
  body: Buffer | AsyncIterable<Buffer>
}

/** The archive's bytes: each member's header, content and padding, then the end blocks. */
export async function* writeTar(members: AsyncIterable<TarMember> | Iterable<TarMember>, mtime = new Date()): AsyncGenerator<Buffer> {
  for await (const m of members) {
    yield tarHeader(m.name, m.size, mtime)
    let written = 0
    if (Buffer.isBuffer(m.body)) {
      written = m.body.length
      yield m.body
    } else {
      for await (const piece of m.body) {
        written += piece.length
        if (written > m.size) throw new Error(`${m.name} grew while it was written`)
        yield piece
      }
    }
    if (written !== m.size) throw new Error(`${m.name} has ${written} bytes, ${m.size} expected`)
    yield tarPadding(m.size)
  }
  yield TAR_END
}

/** Pulls exact byte counts out of a stream of pieces. */
class Bytes {
  private pieces: Buffer[] = []
  private held = 0
  private ended = false
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.held < n && !this.ended) {
      const next = await this.source.next()
      if (next.done) this.ended = true
      else if (next.value.length) {
        const piece = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
        this.pieces.push(piece)
        this.held += piece.length
      }
    }
    return this.held >= n
  }

  /** Up to `n` bytes of what is held (at least one byte when anything is left), or null at the end. */
  private async some(n: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null
    const first = this.pieces[0]!
    const piece = first.length <= n ? first : first.subarray(0, n)
    if (piece === first) this.pieces.shift()
    else this.pieces[0] = first.subarray(n)
    this.held -= piece.length
    return piece
  }

  /** Exactly `n` bytes, or null when the stream ends first (having none: `empty` tells). */
  async exact(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null
    const out = Buffer.alloc(n)
    let at = 0
    while (at < n) {
      const piece = (await this.some(n - at))!
      piece.copy(out, at)
      at += piece.length
    }
    return out
  }

  async *range(n: number, what: string): AsyncGenerator<Buffer> {
    let left = n
    while (left > 0) {
      const piece = await this.some(left)
      if (!piece) throw damaged(`it ends inside ${what}`)
      left -= piece.length
      yield piece
    }
  }

  async skip(n: number, what: string): Promise<void> {
    for await (const _ of this.range(n, what)); // drained
  }
}

function field(h: Buffer, offset: number, width: number): string {
  const raw = h.subarray(offset, offset + width)
  const end = raw.indexOf(0)
  return raw.subarray(0, end < 0 ? width : end).toString('utf8')
}

function parseHeader(h: Buffer): { name: string; size: number; type: string } {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!
  const stored = parseInt(field(h, 148, 8).trim(), 8)
  if (!Number.isFinite(stored) || stored !== sum) throw damaged('a header checksum does not match')
  const sizeText = field(h, 124, 12).trim()
  const size = sizeText === '' ? 0 : parseInt(sizeText, 8)
  if (!Number.isSafeInteger(size) || size < 0) throw damaged('a member has an unreadable size')
  const prefix = field(h, 257, 6) === 'ustar' ? field(h, 345, 155) : ''
  const base = field(h, 0, 100)
  return { name: prefix ? `${prefix}/${base}` : base, size, type: String.fromCharCode(h[156]!) }
}

export interface TarEntry {
  name: string
  size: number
  /** The member's content; read it (or not) before asking for the next entry. */
  body: AsyncGenerator<Buffer>
}

/** The regular files of an archive, in order. A member's unread content is skipped when the next one is asked for. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source[Symbol.asyncIterator]())
  let first = true
  for (;;) {
    const header = await bytes.exact(BLOCK)
    if (!header) throw damaged(first ? 'it is empty' : 'it ends without its end marker')
    first = false
    if (header.every((b) => b === 0)) return
    const { name, size, type } = parseHeader(header)
    const padding = tarPadding(size).length
    if (type !== '0' && type !== '\0') {
      await bytes.skip(size + padding, name)
      continue
    }
    let read = 0
    const body = (async function* () {
      for await (const piece of bytes.range(size, name)) {
        read += piece.length
        yield piece
      }
    })()
    yield { name, size, body }
    await bytes.skip(size - read + padding, name) // whatever the reader left, then the padding
  }
}
