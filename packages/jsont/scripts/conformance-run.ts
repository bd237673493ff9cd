// Running one corpus spec against the engine and judging it by the corpus's pass rule.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseSections, toRenderSpec } from './spec-format.js'

interface EngineError {
  stage: string
  code: string
  message: string
  line?: number
  column?: number
  partial?: string
}
export interface Engine {
  render(t: unknown, opts: Record<string, unknown>): { output: string; errors: EngineError[] }
  compile?(src: string): { code: unknown; errors: EngineError[] }
}
export interface Outcome {
  ok: boolean
  reason?: string
  detail?: string
}

const OPTIONS = { enableExpr: true, enableInclude: true }

/** Syntax errors (template or partial) fail a spec; execute-stage errors do not. */
export function isSyntaxError(e: EngineError): boolean {
  return e.stage === 'parse' || e.stage === 'assemble' || e.code === 'PARTIAL_SYNTAX'
}

function fmtErr(e: EngineError): string {
  const at = e.line !== undefined ? ` at ${e.line}:${e.column ?? 0}` : ''
  return `  [${e.stage}] ${e.code}${at}${e.partial ? ` (partial ${e.partial})` : ''}: ${e.message}`
}

function diff(expected: string, actual: string): string {
  const a = expected.split('\n')
  const b = actual.split('\n')
  const lines: string[] = []
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue
    lines.push(`  line ${i + 1}:`, `    - ${JSON.stringify(a[i] ?? '<none>')}`, `    + ${JSON.stringify(b[i] ?? '<none>')}`)
    if (lines.length > 30) break
  }
  return lines.join('\n')
}

export function judge(engine: Engine | undefined, template: string, spec: ReturnType<typeof toRenderSpec>): Outcome {
  if (!engine) return { ok: false, reason: 'no engine' }
  let result: ReturnType<Engine['render']>
  try {
    result = engine.render(template, {
      json: spec.json,
      partials: spec.partials,
      injects: spec.injects,
      locale: spec.locale ?? 'en',
      ...(spec.now !== undefined ? { now: spec.now } : {}),
      options: OPTIONS,
    })
  } catch (e) {
    return { ok: false, reason: `render threw: ${(e as Error).message}`, detail: (e as Error).stack }
  }
  const syntax = result.errors.filter(isSyntaxError)
  const expected = (spec.expected ?? '').trim()
  const actual = result.output.trim()
  const errs = result.errors.map(fmtErr).join('\n')
  if (syntax.length > 0) return { ok: false, reason: `syntax error ${syntax[0]!.code}`, detail: errs }
  if (expected !== actual) {
    return { ok: false, reason: 'output differs', detail: diff(expected, actual) + (errs ? `\n  errors:\n${errs}` : '') }
  }
  return { ok: true }
}

export function runRenderSpec(engine: Engine | undefined, text: string): Outcome {
  let spec: ReturnType<typeof toRenderSpec>
  try {
    spec = toRenderSpec(parseSections(text))
  } catch (e) {
    return { ok: false, reason: `bad spec: ${(e as Error).message}` }
  }
  if (spec.expected === undefined) return { ok: false, reason: 'spec has no :OUTPUT' }
  return judge(engine, spec.template, spec)
}

export function runAstSpec(engine: Engine | undefined, text: string): Outcome {
  if (!engine?.compile) return { ok: false, reason: 'no compile()' }
  const s = parseSections(text)
  try {
    const expected = JSON.parse(s.JSON ?? 'null') as unknown
    const { code } = engine.compile((s.TEMPLATE ?? '').trimEnd())
    const a = JSON.stringify(expected)
    const b = JSON.stringify(code)
    return a === b ? { ok: true } : { ok: false, reason: 'tree differs', detail: `  - ${a}\n  + ${b}` }
  } catch (e) {
    return { ok: false, reason: `error: ${(e as Error).message}` }
  }
}

/** The units folder pairs `X-in.html` (template) with `X-out-LOCALE.html` (expected), data `_numbers.json`. */
export function runUnitPairs(engine: Engine | undefined, dir: string): { name: string; out: Outcome }[] {
  const names = readdirSync(dir).sort()
  const json = JSON.parse(readFileSync(join(dir, '_numbers.json'), 'utf8')) as unknown
  const results: { name: string; out: Outcome }[] = []
  for (const name of names) {
    const m = /^(.+)-out-(.+)\.html$/.exec(name)
    if (!m) continue
    const template = readFileSync(join(dir, `${m[1]}-in.html`), 'utf8')
    const expected = readFileSync(join(dir, name), 'utf8')
    const spec = { template, json, expected, partials: {}, injects: {}, locale: m[2], now: undefined }
    results.push({ name, out: judge(engine, template, spec) })
  }
  return results
}
