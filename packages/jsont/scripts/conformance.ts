// JSON-T conformance runner: renders every spec of the public corpus (../shared/conformance/jsont relative to the
// repo root) and prints pass counts per family and a final `N passed, M failed` line.
// Exit status: 1 when any spec fails that is not a known one, so CI fails on it. Known ones are (a) the corpus's own
// stale.txt (expectations out of date: not run, counted apart) and (b) this package's conformance-known.txt (failures
// of the optional families with their reason, e.g. unit formatting the engine does not match yet): run, and counted
// apart. Every entry of either list names its reason; a listed spec that passes again is pointed out.
// Usage: npm run conformance -w packages/jsont [-- [--verbose] [--strict] [filter ...]]  (--strict: known failures
// of conformance-known.txt fail the run too)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runRenderSpec, runAstSpec, runUnitPairs, type Outcome, type Engine } from './conformance-run.js'

// CONFORMANCE_DIR / CONFORMANCE_KNOWN: another corpus or known list (the runner's own tests use small ones).
const corpus = process.env.CONFORMANCE_DIR ?? fileURLToPath(new URL('../../../../shared/conformance/jsont/', import.meta.url))
const argv = process.argv.slice(2)
const verbose = argv.includes('--verbose')
const strict = argv.includes('--strict')
const filters = argv.filter((a) => !a.startsWith('--'))

function walk(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...walk(p))
    else out.push(p)
  }
  return out
}

function family(rel: string): string {
  if (rel.startsWith('core/')) return 'core'
  if (rel.startsWith('plugins/i18n/')) return 'i18n'
  const base = rel.slice(rel.lastIndexOf('/') + 1)
  if (base.startsWith('p-')) return 'plugins p-*'
  return 'plugins f-*'
}

/** A `path<TAB>why` list (blank lines and # comments skipped); an entry without its reason is an error. */
function readList(p: string): Map<string, string> {
  const out = new Map<string, string>()
  if (!existsSync(p)) return out
  for (const line of readFileSync(p, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue
    const [path = '', why = ''] = line.split('\t')
    if (!why.trim()) throw new Error(`${p}: "${path.trim()}" has no reason (path<TAB>why)`)
    out.set(path.trim(), why.trim())
  }
  return out
}

const readStale = () => readList(join(corpus, 'stale.txt'))
const readKnown = () => readList(process.env.CONFORMANCE_KNOWN ?? fileURLToPath(new URL('../conformance-known.txt', import.meta.url)))

async function loadEngine(): Promise<Engine | undefined> {
  const mod = (await import('../src/index.js')) as Record<string, unknown>
  return typeof mod.render === 'function' ? (mod as unknown as Engine) : undefined
}

function report(title: string, counts: Map<string, { pass: number; fail: number }>): void {
  for (const [fam, c] of counts) console.log(`  ${title}${fam}: ${c.pass} passed, ${c.fail} failed`)
}

async function main(): Promise<void> {
  if (!existsSync(corpus)) {
    console.log('JSON-T conformance corpus (../shared/conformance/jsont) not present: skipping')
    console.log('0 passed, 0 failed')
    return
  }
  const engine = await loadEngine()
  if (!engine) console.log('engine exports no render() yet: every spec fails')
  const stale = readStale()
  const known = readKnown()
  const files = walk(corpus).map((p) => relative(corpus, p).split('\\').join('/'))
  const match = (rel: string): boolean => filters.length === 0 || filters.some((f) => rel.includes(f))
  const counts = new Map<string, { pass: number; fail: number }>()
  const extra = new Map<string, { pass: number; fail: number }>()
  const failures: { rel: string; out: Outcome }[] = []
  const ranSpecs: string[] = []
  const tally = (map: typeof counts, fam: string, ok: boolean): void => {
    const c = map.get(fam) ?? { pass: 0, fail: 0 }
    if (ok) c.pass++
    else c.fail++
    map.set(fam, c)
  }
  let skippedStale = 0
  for (const rel of files) {
    if (!rel.endsWith('.html') || !match(rel)) continue
    if (rel.includes('/units/')) continue
    if (stale.has(rel)) {
      skippedStale++
      continue
    }
    const text = readFileSync(join(corpus, rel), 'utf8')
    ranSpecs.push(rel)
    const isAst = /(^|\/)ast-\d+\.html$/.test(rel)
    const out = isAst ? runAstSpec(engine, text) : runRenderSpec(engine, text)
    if (isAst) tally(extra, 'ast (optional)', out.ok)
    else tally(counts, family(rel), out.ok)
    if (!out.ok) failures.push({ rel, out })
  }
  // plugins/i18n/units: X-in.html templates with _numbers.json data and X-out-LOCALE.html outputs (optional).
  const unitsDir = join(corpus, 'plugins/i18n/units')
  if (existsSync(unitsDir)) {
    for (const r of runUnitPairs(engine, unitsDir)) {
      const rel = `plugins/i18n/units/${r.name}`
      if (!match(rel)) continue
      ranSpecs.push(rel)
      tally(extra, 'i18n units (optional)', r.out.ok)
      if (!r.out.ok) failures.push({ rel, out: r.out })
    }
  }
  const unexpected = failures.filter((f) => !known.has(f.rel))
  const knownFailing = failures.filter((f) => known.has(f.rel))
  for (const f of unexpected) {
    console.log(`FAIL ${f.rel}${f.out.reason ? `: ${f.out.reason}` : ''}`)
    if (verbose && f.out.detail) console.log(f.out.detail)
  }
  if (verbose) for (const f of knownFailing) console.log(`KNOWN ${f.rel}: ${known.get(f.rel)}`)
  const failed = new Set(failures.map((f) => f.rel))
  const ran = new Set(ranSpecs)
  for (const rel of known.keys()) if (ran.has(rel) && !failed.has(rel)) console.log(`PASSES NOW ${rel}: remove it from conformance-known.txt`)
  console.log('JSON-T conformance')
  report('', counts)
  report('', extra)
  if (skippedStale) console.log(`  known stale (corpus stale.txt, not run): ${skippedStale}`)
  if (knownFailing.length) console.log(`  known failures (conformance-known.txt, not gating): ${knownFailing.length}`)
  console.log(`  unexpected failures: ${unexpected.length}`)
  let pass = 0
  let fail = 0
  for (const c of counts.values()) {
    pass += c.pass
    fail += c.fail
  }
  console.log(`${pass} passed, ${fail} failed`)
  if (unexpected.length > 0 || (strict && knownFailing.length > 0)) process.exitCode = 1
}

await main()
