// JSON-T benchmark: compile and execute, against @squarespace/template-engine (black box, same process).
// Usage: npm run bench -w packages/jsont [-- --rounds N --ms MS --only REGEX --dump DIR]
// (--only runs the rows whose name matches; --dump writes both engines' outputs of wright and the theme pages)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compile, render } from '../src/index.js'

const dir = fileURLToPath(new URL('../../../../shared/bench/jsont/', import.meta.url))
const argv = process.argv.slice(2)
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(name)
  return i >= 0 ? Number(argv[i + 1]) : dflt
}
const ROUNDS = opt('--rounds', 7)
const ROUND_MS = opt('--ms', 300)

interface Result {
  opsPerSec: number
  usPerOp: number
}

/** CPU time in ms (user + system): steadier than wall time on a shared machine. */
function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** One timed round: ops per CPU second. */
function round(fn: () => void): number {
  let n = 0
  const start = cpuMs()
  const wallEnd = performance.now() + ROUND_MS
  let now = start
  while (performance.now() < wallEnd || n < 64) {
    for (let k = 0; k < 16; k++) fn()
    n += 16
  }
  now = cpuMs()
  return (n * 1000) / Math.max(now - start, 1e-3)
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/**
 * Warm up both, then alternate timed rounds of ours and the reference (so machine load hits both alike);
 * the medians decide.
 */
function measurePair(ours: () => void, ref?: () => void): [Result, Result | undefined] {
  const warmEnd = performance.now() + ROUND_MS
  while (performance.now() < warmEnd) {
    ours()
    ref?.()
  }
  const a: number[] = []
  const b: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    a.push(round(ours))
    if (ref) b.push(round(ref))
  }
  const res = (ops: number): Result => ({ opsPerSec: ops, usPerOp: 1e6 / ops })
  return [res(median(a)), ref ? res(median(b)) : undefined]
}

interface RefCompiler {
  parse(src: string): { code: unknown; errors: unknown[] }
  execute(p: Record<string, unknown>): { ctx: { render(): string }; errors: unknown[] }
}

/** Where two outputs first part ways, with some text either side (whitespace-normalised). */
function firstDifference(ours: string, theirs: string): string {
  let i = 0
  while (i < ours.length && i < theirs.length && ours[i] === theirs[i]) i++
  const from = Math.max(0, i - 60)
  return `  first difference at char ${i}:\n    ours: ...${ours.slice(from, i + 60)}...\n    ref:  ...${theirs.slice(from, i + 60)}...`
}

async function reference(): Promise<RefCompiler | undefined> {
  try {
    const mod = (await import('@squarespace/template-engine')) as Record<string, unknown>
    const C = (mod.Compiler ?? (mod.default as Record<string, unknown>)?.Compiler) as new () => RefCompiler
    return new C()
  } catch (e) {
    console.log(`reference engine unavailable: ${(e as Error).message}`)
    return undefined
  }
}

let used = 0
/** Reads one character of an output: a rope (a string built by concatenation) is flattened then, as a server would. */
const use = (s: string): void => {
  used += s.charCodeAt(s.length >> 1) | 0
}

const fmt = (r: Result): string => `${r.opsPerSec.toFixed(0).padStart(9)} ops/s ${r.usPerOp.toFixed(2).padStart(9)} µs/op`

const onlyAt = argv.indexOf('--only')
const only = onlyAt >= 0 && argv[onlyAt + 1] ? new RegExp(argv[onlyAt + 1]!) : undefined

function row(name: string, ours: () => void, refFn?: () => void): number | undefined {
  if (only && !only.test(name)) return undefined
  const [o, r] = measurePair(ours, refFn)
  return printRow(name, o, r)
}

function printRow(name: string, ours: Result, ref: Result | undefined): number | undefined {
  const ratio = ref ? ours.opsPerSec / ref.opsPerSec : undefined
  console.log(`${name.padEnd(34)} ours ${fmt(ours)}${ref ? ` | ref ${fmt(ref)} | x${ratio!.toFixed(2)}` : ''}`)
  return ratio
}

const SMALL: Record<string, string> = {
  variable: '{hello.world}',
  section: '{.section foo}{bar}{.end}',
  repeated: '{.repeated section foos}{bar}{.alternates with},{.end}',
  predicate: '{.equal? bar "baz"}yes{.or}no{.end}',
  formatters: '{foo.bar|html|truncate 2}',
}

/** Our default theme: compile every template and partial; render list pages (body, then the layout) from its samples. */
function benchTheme(theme: string, ref: RefCompiler | undefined, now: number): void {
  const files = (d: string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(theme + d)
        .filter((f) => f.endsWith('.jsont'))
        .map((f) => [f.slice(0, -6), readFileSync(`${theme}${d}/${f}`, 'utf8')]),
    )
  const templates = files('templates')
  const partialSrc = files('templates/partials')
  const all = [...Object.values(templates), ...Object.values(partialSrc)]
  const chars = all.reduce((n, t) => n + t.length, 0)
  const safeRef = (fn: () => unknown): (() => void) | undefined => {
    if (!ref) return undefined
    try {
      fn()
      return () => void fn()
    } catch {
      return undefined // the reference lacks something the theme uses
    }
  }
  row(
    `compile default theme (${all.length} files, ${chars} chars)`,
    () => all.forEach((t) => compile(t)),
    safeRef(() => all.forEach((t) => ref!.parse(t))),
  )
  const partials: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(partialSrc)) partials[k] = compile(v)
  const refPartials: Record<string, unknown> = {}
  if (ref) for (const [k, v] of Object.entries(partialSrc)) refPartials[k] = ref.parse(v).code
  const ctxDir = `${theme}test/contexts/`
  if (!existsSync(ctxDir)) return
  const site = JSON.parse(readFileSync(`${ctxDir}_site.json`, 'utf8')) as Record<string, unknown>
  const layout = compile(templates.site ?? '')
  const refLayout = ref?.parse(templates.site ?? '').code
  for (const name of ['blog-list', 'products-list']) {
    if (!existsSync(`${ctxDir}${name}.json`) || templates[name] === undefined) continue
    const json = { ...site, ...(JSON.parse(readFileSync(`${ctxDir}${name}.json`, 'utf8')) as Record<string, unknown>) }
    const body = compile(templates[name])
    const refBody = ref?.parse(templates[name]).code
    const ours = (): void => {
      const main = render(body, { json, partials, now }).output
      render(layout, { json: { ...json, mainContent: main }, partials, now })
    }
    const theirs = safeRef(() => {
      const main = ref!.execute({ code: refBody, json, partials: refPartials, now }).ctx.render()
      return ref!.execute({ code: refLayout, json: { ...json, mainContent: main }, partials: refPartials, now }).ctx.render()
    })
    const dump = argv.indexOf('--dump')
    if (dump >= 0 && argv[dump + 1] && theirs) {
      const main = render(body, { json, partials, now }).output
      writeFileSync(`${argv[dump + 1]}/ours-${name}.html`, render(layout, { json: { ...json, mainContent: main }, partials, now }).output)
      const refMain = ref!.execute({ code: refBody, json, partials: refPartials, now }).ctx.render()
      const refPage = ref!.execute({ code: refLayout, json: { ...json, mainContent: refMain }, partials: refPartials, now })
      writeFileSync(`${argv[dump + 1]}/ref-${name}.html`, refPage.ctx.render())
    }
    row(`execute default theme: ${name}`, ours, theirs)
  }
}

async function main(): Promise<void> {
  if (!existsSync(dir)) {
    console.log('bench data (../shared/bench/jsont) not present: skipping')
    return
  }
  const read = (f: string): string => readFileSync(dir + f, 'utf8')
  const ref = await reference()
  const wright = read('wright.html')
  const wrightJson = JSON.parse(read('wright.json')) as unknown
  const partialSrc = JSON.parse(read('wright-partials.json')) as Record<string, string>
  const now = Date.parse('2024-01-01T00:00:00Z')

  // precompiled partials for both engines
  const ourPartials: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(partialSrc)) ourPartials[k] = compile(v)
  const refPartials: Record<string, unknown> = {}
  if (ref) for (const [k, v] of Object.entries(partialSrc)) refPartials[k] = ref.parse(v).code

  const ourT = compile(wright)
  const refT = ref?.parse(wright).code
  const ourOut = render(ourT, { json: wrightJson, partials: ourPartials, now }).output
  if (ref) {
    const refOut = ref.execute({ code: refT, json: wrightJson, partials: refPartials, now }).ctx.render()
    const a = ourOut.replace(/\s+/g, ' ').trim()
    const b = refOut.replace(/\s+/g, ' ').trim()
    console.log(`wright.html output: ${ourOut.length} chars; ${a === b ? 'same as the reference (whitespace-normalised)' : 'differs from the reference'}`)
    if (a !== b) console.log(firstDifference(a, b))
    const dump = argv.indexOf('--dump')
    if (dump >= 0 && argv[dump + 1]) {
      writeFileSync(`${argv[dump + 1]}/ours.html`, ourOut)
      writeFileSync(`${argv[dump + 1]}/ref.html`, refOut)
    }
  }

  console.log(`rounds ${ROUNDS} x ${ROUND_MS} ms alternating ours/reference, median ops per CPU second`)
  const ratios: Record<string, number | undefined> = {}
  ratios.compile = row('compile wright.html', () => compile(wright), ref ? () => ref.parse(wright) : undefined)
  ratios.execute = row(
    'execute wright.html (precompiled)',
    () => render(ourT, { json: wrightJson, partials: ourPartials, now }),
    ref ? () => ref.execute({ code: refT, json: wrightJson, partials: refPartials, now }).ctx.render() : undefined,
  )
  // Both engines return a rope (a string built by concatenation); a server flattens it when it writes the page. This
  // row adds that flattening to both sides (the same memory copy for either engine, so the ratio shrinks).
  row(
    'execute wright.html + read output',
    () => use(render(ourT, { json: wrightJson, partials: ourPartials, now }).output),
    ref ? () => use(ref.execute({ code: refT, json: wrightJson, partials: refPartials, now }).ctx.render()) : undefined,
  )

  const execData = JSON.parse(read('executor-bench.json')) as unknown
  for (const [name, src] of Object.entries(SMALL)) {
    const t = compile(src)
    const rt = ref?.parse(src).code
    row(`execute small: ${name}`, () => render(t, { json: execData }), ref ? () => ref.execute({ code: rt, json: execData }).ctx.render() : undefined)
  }

  const embedded = read('embedded.html')
  const fmtData = JSON.parse(read('formatter-bench.json')) as unknown
  const et = compile(embedded)
  const ert = ref?.parse(embedded).code
  row('compile embedded.html', () => compile(embedded), ref ? () => ref.parse(embedded) : undefined)
  row('execute embedded.html', () => render(et, { json: fmtData }), ref ? () => ref.execute({ code: ert, json: fmtData }).ctx.render() : undefined)

  const theme = fileURLToPath(new URL('../../../themes/default/', import.meta.url))
  if (!existsSync(theme)) console.log('default theme not present: skipped')
  else benchTheme(theme, ref, now)

  if (used !== 0) console.log(`(outputs read: checksum ${used})`)
  if (ref && ratios.execute !== undefined && ratios.compile !== undefined) {
    console.log(`targets: execute wright.html x${ratios.execute.toFixed(2)} (>= 3), compile x${ratios.compile.toFixed(2)} (>= 2)`)
  }
}

await main()
