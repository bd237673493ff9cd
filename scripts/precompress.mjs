// Compressed forms of built assets, made once at build: `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9)
// next to each HTML/CSS/JS/JSON/SVG file of 512 bytes or more; the server sends them as they are. Also keeps the
// hashed files of the previous build in `dist-archive/` (pruned after 30 days), so pages cached before a release
// still load their scripts. Used by scripts/build.mjs.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt'])
const HASHED_NAME = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/
const ARCHIVE_DAYS = 30

function* files(dir) {
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    const st = statSync(p)
    if (st.isDirectory()) yield* files(p)
    else yield { path: p, st }
  }
}

/** Writes `.br` and `.gz` of every compressible file under `src` into `out` (default: beside it); returns how many. */
export function precompress(src, out = src) {
  let made = 0
  for (const { path, st } of files(src)) {
    if (!COMPRESSIBLE.has(extname(path)) || st.size < 512) continue
    const target = join(out, relative(src, path))
    const fresh = (p) => existsSync(p) && statSync(p).mtimeMs >= st.mtimeMs
    if (fresh(`${target}.br`) && fresh(`${target}.gz`)) continue
    const bytes = readFileSync(path)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(`${target}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }))
    writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }))
    made++
  }
  return made
}

/** Copies the hashed files of `dist` (and their compressed forms) into `dist-archive`, dropping archived ones past 30 days. */
export function archiveHashed(dist) {
  const archive = join(dist, '..', 'dist-archive')
  for (const { path } of files(dist)) {
    const base = path.replace(/\.(br|gz)$/, '')
    if (!HASHED_NAME.test(base) || base.endsWith('.map')) continue
    const target = join(archive, relative(dist, path))
    if (existsSync(target)) continue
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(path, target)
  }
  const cutoff = Date.now() - ARCHIVE_DAYS * 24 * 3600 * 1000
  for (const { path, st } of files(archive)) if (st.mtimeMs < cutoff) rmSync(path)
}
