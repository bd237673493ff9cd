// JSON-T conformance runner: renders every spec of the public corpus (../shared/conformance/jsont relative to the
// repo root) and prints pass counts per family and a final `N passed, M failed` line.
// Usage: npm run conformance -w packages/jsont [-- [--verbose] [--strict] [filter ...]]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runRenderSpec, runAstSpec, runUnitPairs, type Outcome, type Engine } from './conformance-run.js'

const corpus = fileURLToPath(new URL('../../../../shared/conformance/jsont/', import.meta.url))
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

function readStale(): Set<string> {
  const p = join(corpus, 'stale.txt')
  if (!existsSync(p)) return new Set()
  const lines = readFileSync(p, 'utf8').split('\n')
  return new Set(lines.filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l) => l.split('\t')[0]!.trim()))
}

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
  const files = walk(corpus).map((p) => relative(corpus, p).split('\\').join('/'))
  const match = (rel: string): boolean => filters.length === 0 || filters.some((f) => rel.includes(f))
  const counts = new Map<string, { pass: number; fail: number }>()
  const extra = new Map<string, { pass: number; fail: number }>()
  const failures: { rel: string; out: Outcome }[] = []
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
      tally(extra, 'i18n units (optional)', r.out.ok)
      if (!r.out.ok) failures.push({ rel, out: r.out })
    }
  }
  for (const f of failures) {
    console.log(`FAIL ${f.rel}${f.out.reason ? `: ${f.out.reason}` : ''}`)
    if (verbose && f.out.detail) console.log(f.out.detail)
  }
  console.log('JSON-T conformance')
  report('', counts)
  report('', extra)
  if (skippedStale) console.log(`  stale (not counted): ${skippedStale}`)
  let pass = 0
  let fail = 0
  for (const c of counts.values()) {
    pass += c.pass
    fail += c.fail
  }
  console.log(`${pass} passed, ${fail} failed`)
  if (strict && fail > 0) process.exitCode = 1
}

await main()
