// Unpacks the migrated PGlite base (a plain ustar archive of a data directory: directories and regular files) into a
// directory with Node's own file calls. PGlite's `loadDataDir` would unpack it inside the WebAssembly heap, which then
// stays resident (about 100 MB more than a restart); unpacked here, a first start opens the directory as a restart does.
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'

const BLOCK = 512

export class UnsupportedTarError extends Error {}

function text(buf: Uint8Array, start: number, length: number): string {
  let end = start
  while (end < start + length && buf[end] !== 0) end++
  return Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('utf8')
}

function octal(buf: Uint8Array, start: number, length: number): number {
  const s = text(buf, start, length).trim()
  if (!/^[0-7]*$/.test(s)) throw new UnsupportedTarError(`bad octal field ${JSON.stringify(s)}`)
  return s === '' ? 0 : parseInt(s, 8)
}

export interface TarEntry {
  path: string
  type: 'file' | 'dir'
  mode: number
  data: Uint8Array
}

/** The entries of a ustar archive (directories and regular files only; anything else is refused). */
export function* tarEntries(tar: Uint8Array): Generator<TarEntry> {
  let at = 0
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK)
    if (header.every((b) => b === 0)) return
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!
    if (sum !== octal(header, 148, 8)) throw new UnsupportedTarError(`bad header checksum at byte ${at}`)
    const name = text(header, 0, 100)
    const prefix = text(header, 257, 6) === 'ustar' ? text(header, 345, 155) : ''
    const path = prefix ? `${prefix}/${name}` : name
    const size = octal(header, 124, 12)
    const flag = String.fromCharCode(header[156]!)
    const mode = octal(header, 100, 8) & 0o7777
    at += BLOCK
    if (at + size > tar.length) throw new UnsupportedTarError(`truncated entry ${path}`)
    if (flag === '5') yield { path, type: 'dir', mode, data: new Uint8Array(0) }
    else if (flag === '0' || flag === '\0') yield { path, type: 'file', mode, data: tar.subarray(at, at + size) }
    else throw new UnsupportedTarError(`entry ${path} has type ${JSON.stringify(flag)}`)
    at += Math.ceil(size / BLOCK) * BLOCK
  }
}

/**
 * Unpacks `tar` into `dir` (which must not exist): into a sibling first, renamed into place at the end, so a start
 * that stops half way leaves no half-made data directory. Paths may not leave `dir`. The directories are made first,
 * then the files are written several at a time (creating a file is mostly waiting on the file system: ~1,300 of them
 * one after another took 1.5 s here).
 */
export async function untarInto(tar: Uint8Array, dir: string, parallel = 16): Promise<void> {
  const staging = `${dir}.unpacking`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true, mode: 0o700 })
  try {
    const files: { target: string; entry: TarEntry }[] = []
    const dirs = new Set<string>()
    for (const entry of tarEntries(tar)) {
      const rel = normalize(entry.path.replace(/^\/+/, ''))
      if (rel === '.' || rel === '') continue
      if (rel.startsWith('..') || rel.split(sep).includes('..')) throw new UnsupportedTarError(`entry ${entry.path} leaves the directory`)
      const target = join(staging, rel)
      if (entry.type === 'dir') mkdirSync(target, { recursive: true, mode: entry.mode || 0o700 })
      else {
        const parent = dirname(target)
        if (!dirs.has(parent)) {
          mkdirSync(parent, { recursive: true, mode: 0o700 })
          dirs.add(parent)
        }
        files.push({ target, entry })
      }
    }
    let next = 0
    const worker = async () => {
      while (next < files.length) {
        const { target, entry } = files[next++]!
        await writeFile(target, entry.data, { mode: entry.mode || 0o600 })
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker))
    renameSync(staging, dir)
  } catch (e) {
    rmSync(staging, { recursive: true, force: true })
    throw e
  }
}
