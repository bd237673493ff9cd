// render(template or source, input): compile if needed, link (cached), execute. Never throws.
import { asCompiled, compile, type CompiledTemplate } from './compile.js'
import { isRootCode } from './code.js'
import { ErrorCode, templateError, type TemplateError } from './errors.js'
import { Ctx, type PartialHost, type Registry } from './exec/context.js'
import { link } from './exec/link.js'
import type { Run } from './exec/types.js'
import type { RenderOptions } from './options.js'
import { FORMATTERS, PREDICATES } from './plugins/index.js'
import type { FormatterTable, PredicateTable } from './plugins/types.js'

export interface RenderInput {
  /** The context root. */
  json?: unknown
  /** name -> template source or compiled template */
  partials?: Readonly<Record<string, unknown>>
  /** path -> value for `.inject` */
  injects?: Readonly<Record<string, unknown>>
  /** BCP 47; default 'en-US'; 'none' = no locale data */
  locale?: string
  /** epoch ms; default Date.now() */
  now?: number
  options?: RenderOptions
  /** Extra formatters/predicates for this render (override built-ins of the same name). */
  formatters?: FormatterTable
  predicates?: PredicateTable
}

export interface RenderResult {
  output: string
  errors: TemplateError[]
}

const BUILTIN: Registry = { formatters: FORMATTERS, predicates: PREDICATES, key: {} }
const registries = new WeakMap<object, WeakMap<object, Registry>>()
const NONE = {}

function registryFor(f?: FormatterTable, p?: PredicateTable): Registry {
  if (!f && !p) return BUILTIN
  const fk = f ?? NONE
  const pk = p ?? NONE
  let inner = registries.get(fk)
  if (!inner) registries.set(fk, (inner = new WeakMap()))
  let reg = inner.get(pk)
  if (!reg) {
    reg = { formatters: { ...FORMATTERS, ...f }, predicates: { ...PREDICATES, ...p }, key: {} }
    inner.set(pk, reg)
  }
  return reg
}

// compiled sources, per registry, source text and limits (the source is the key itself: plugin sub-templates are
// module constants, so the lookup compares one pointer instead of hashing a key built from the whole source)
const compiled = new WeakMap<object, { count: number; bySource: Map<string, Map<string, CompiledTemplate>> }>()
/** At most this many compiled sources are kept per registry (then the cache starts over). */
const MAX_CACHED = 1000

export function compileCached(src: string, reg: Registry, options: RenderOptions): CompiledTemplate {
  let cache = compiled.get(reg.key)
  if (!cache) compiled.set(reg.key, (cache = { count: 0, bySource: new Map() }))
  let byLimits = cache.bySource.get(src)
  const key = options.maxTokens === undefined && options.maxStringLen === undefined ? '' : `${options.maxTokens ?? ''}:${options.maxStringLen ?? ''}`
  let t = byLimits?.get(key)
  if (!t) {
    t = compile(src, {
      formatters: reg === BUILTIN ? undefined : reg.formatters,
      predicates: reg === BUILTIN ? undefined : reg.predicates,
      maxTokens: options.maxTokens,
      maxStringLen: options.maxStringLen,
    })
    if (++cache.count > MAX_CACHED) {
      cache.bySource.clear()
      cache.count = 1
      byLimits = undefined
    }
    if (!byLimits) cache.bySource.set(src, (byLimits = new Map()))
    byLimits.set(key, t)
  }
  return t
}

function isSyntax(e: TemplateError): boolean {
  return e.stage === 'parse' || e.stage === 'assemble'
}

const linkedPartials = new WeakMap<object, { key: object; run: Run }>()

function linkPartial(c: Ctx, name: string, p: unknown): Run | null {
  const t = typeof p === 'string' ? compileCached(p, c.registry, c.options) : asCompiled(p)
  if (!t) {
    c.fail(ErrorCode.PARTIAL_SYNTAX, `partial '${name}' is neither a source string nor a compiled template`, { partial: name })
    return null
  }
  const bad = t.errors.find(isSyntax)
  if (bad) {
    const where = bad.line !== undefined ? { line: bad.line, column: bad.column } : {}
    c.fail(ErrorCode.PARTIAL_SYNTAX, `partial '${name}' failed to parse: ${bad.message}`, { partial: name, ...where })
    return null
  }
  const run = link(t.code, c.registry)
  if (typeof p === 'object' && p !== null) linkedPartials.set(p, { key: c.registry.key, run })
  return run
}

const host: PartialHost = {
  partial(c, name) {
    const cached = c.partialRuns?.get(name)
    if (cached !== undefined) return cached
    if (!Object.prototype.hasOwnProperty.call(c.partials, name)) return undefined
    const p = c.partials[name]
    let run: Run | null = null
    if (typeof p === 'object' && p !== null) {
      // a precompiled partial: its linked form is cached on the object itself (per registry)
      const hit = linkedPartials.get(p)
      if (hit !== undefined && hit.key === c.registry.key) run = hit.run
    }
    if (run === null) run = linkPartial(c, name, p)
    c.partialRuns ??= new Map()
    c.partialRuns.set(name, run)
    return run
  },
  source(c, src) {
    const t = compileCached(src, c.registry, c.options)
    const bad = t.errors.find(isSyntax)
    if (bad) {
      c.fail(ErrorCode.PARTIAL_SYNTAX, `plugin template failed to parse: ${bad.message}`)
      return null
    }
    return link(t.code, c.registry)
  },
}

const EMPTY = Object.freeze({})

export function render(template: string | CompiledTemplate, input: RenderInput = {}): RenderResult {
  const errors: TemplateError[] = []
  let c: Ctx | undefined
  try {
    const reg = registryFor(input.formatters, input.predicates)
    const options = input.options ?? EMPTY
    const t = typeof template === 'string' ? compileCached(template, reg, options) : isRootCode(template?.code) ? template : asCompiled(template)
    if (!t) {
      errors.push(templateError('execute', ErrorCode.INVALID_TEMPLATE, 'not a template source or compiled template'))
      return { output: '', errors }
    }
    if (t.errors.length > 0) for (const e of t.errors) errors.push(e)
    const run = link(t.code, reg)
    c = new Ctx(input.json, reg, host, input.partials ?? EMPTY, input.injects ?? EMPTY, input.locale, input.now, options)
    run(c)
    if (c.out.length > c.maxOut) {
      c.overBudget()
      c.out = c.out.slice(0, c.maxOut)
    }
    // an expression error the compiler already reported (with its position) is not repeated by the executor
    if (c.errors.length > 0) {
      const reported = new Set(t.errors.filter((e) => e.code.startsWith('EXPR_')).map((e) => e.code))
      for (const e of c.errors) if (!(reported.has(e.code) && e.partial === undefined)) errors.push(e)
    }
    return { output: c.out, errors }
  } catch (e) {
    if (c) for (const x of c.errors) errors.push(x)
    const msg = e instanceof RangeError ? 'render stopped: stack exhausted' : `internal error: ${(e as Error)?.message ?? String(e)}`
    errors.push(templateError('execute', ErrorCode.BUDGET_INSTRUCTIONS, msg))
    return { output: c?.out ?? '', errors }
  }
}
