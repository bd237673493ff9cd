// Size budget of the visitor runtime: reads the built dist (building it first if missing) and fails when
// the gzipped entry grows past its budget, or when React leaks into what every page downloads.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'

/** Gzipped bytes every published page may download before any island is needed. */
const ENTRY_BUDGET = 12 * 1024
/** Gzipped bytes of one lazily loaded chunk (islands, content behaviours); React is shared and exempt. */
const CHUNK_BUDGET = 4 * 1024
/** Gzipped bytes of the tracker chunk every page loads (beyond the entry it shares). */
const TRACKER_BUDGET = 3 * 1024

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(pkg, 'dist')
const entry = join(dist, 'storefront.js')
const REACT_MARK = 'react.transitional.element'
/** Vendor chunks fetched only by the few pages that need them, with their own budget (gzipped bytes): the ALTCHA
 * captcha widget (loaded only when a form with captcha is on the page). */
const VENDOR_CHUNKS: Record<string, { mark: string; budget: number }> = {
  altcha: { mark: "customElements.define(`altcha-widget`", budget: 40 * 1024 },
}
const vendorOf = (code: string) => Object.entries(VENDOR_CHUNKS).find(([, v]) => code.includes(v.mark))

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** Files reached through static imports (not import()) from `file`, itself included. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = readFileSync(file, 'utf8')
  for (const m of code.matchAll(
    /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  ))
    staticClosure(join(dirname(file), m[1]!), seen)
  return seen
}

beforeAll(() => {
  if (existsSync(entry)) return
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: pkg, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('storefront build failed')
}, 120_000)

describe('storefront size budget', () => {
  it(`keeps the gzipped entry under ${ENTRY_BUDGET} bytes`, () => {
    const closure = [...staticClosure(entry)]
    const size = closure.reduce((sum, f) => sum + gz(f), 0)
    console.log(`storefront entry: ${size} bytes gzipped (${closure.length} file(s)), budget ${ENTRY_BUDGET}`)
    expect(size).toBeGreaterThan(0)
    expect(size).toBeLessThanOrEqual(ENTRY_BUDGET)
  })

  it('keeps React out of what pages without islands download', () => {
    const chunks = readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))
    const reactChunks = chunks.filter((f) =>
      readFileSync(join(dist, 'chunks', f), 'utf8').includes(REACT_MARK),
    )
    expect(reactChunks.length).toBeGreaterThan(0) // the probe finds React where it is...
    const island = chunks.find((f) => f.startsWith('char-counter-'))!
    const islandClosure = [...staticClosure(join(dist, 'chunks', island))].map((f) => relative(dist, f))
    expect(islandClosure).toEqual(expect.arrayContaining(reactChunks.map((f) => `chunks/${f}`))) // ...and follows imports
    for (const file of staticClosure(entry))
      expect(readFileSync(file, 'utf8').includes(REACT_MARK), relative(pkg, file)).toBe(false)
  })

  it(`keeps the tracker (every page) under ${TRACKER_BUDGET} bytes gzipped`, () => {
    const chunk = readdirSync(join(dist, 'chunks')).find((f) => f.startsWith('tracker-') && f.endsWith('.js'))
    expect(chunk, 'tracker chunk').toBeDefined()
    const closure = [...staticClosure(join(dist, 'chunks', chunk!))].filter((f) => f !== entry)
    const size = closure.reduce((sum, f) => sum + gz(f), 0)
    console.log(`tracker: ${size} bytes gzipped (${closure.length} file(s)), budget ${TRACKER_BUDGET}`)
    expect(size).toBeLessThanOrEqual(TRACKER_BUDGET)
  })

  it(`keeps each lazy chunk other than React under ${CHUNK_BUDGET} bytes gzipped`, () => {
    const chunks = readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))
    const islands = chunks.filter((f) => !readFileSync(join(dist, 'chunks', f), 'utf8').includes(REACT_MARK))
    for (const f of islands) {
      const size = gz(join(dist, 'chunks', f))
      const vendor = vendorOf(readFileSync(join(dist, 'chunks', f), 'utf8'))
      console.log(`lazy chunk ${f}: ${size} bytes gzipped${vendor ? ` (vendor ${vendor[0]}, budget ${vendor[1].budget})` : ''}`)
      expect(size, f).toBeLessThanOrEqual(vendor ? vendor[1].budget : CHUNK_BUDGET)
    }
  })
})
