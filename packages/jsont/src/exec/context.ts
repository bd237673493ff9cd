// The render context: output buffer, scope frames, errors, budgets, partials. Implements PluginContext.
import type { CLDR } from '@phensley/cldr'
import { ErrorCode, templateError, type TemplateError } from '../errors.js'
import { DEFAULT_LIMITS } from '../limits.js'
import type { RenderOptions } from '../options.js'
import type { FormatterTable, PartialOptions, PluginContext, PredicateTable } from '../plugins/types.js'
import { getCldr } from '../plugins/i18n/cldr.js'
import { Frame } from './frame.js'
import { lookupName, resolvePath, resolverFor, step } from './resolve.js'
import type { Run } from './types.js'

export interface Registry {
  formatters: FormatterTable
  predicates: PredicateTable
  /** identity of the registry (for link caches) */
  key: object
}

/** How the context finds and links partials (provided by render.ts, avoiding an import cycle). */
export interface PartialHost {
  /** Link a partial by name; undefined when missing; null when it failed to compile (errors already recorded). */
  partial(c: Ctx, name: string): Run | undefined | null
  /** Link a source string (plugin sub-template); null when it failed to compile. */
  source(c: Ctx, source: string): Run | null
}

const MAX_ERRORS = 200
/** instructions between full budget checks (output size is checked then) */
const CHECK_EVERY = 256

export class Ctx implements PluginContext {
  out = ''
  frame: Frame
  readonly errors: TemplateError[] = []
  steps = 0
  /** the next `steps` value at which the budget is checked in full */
  checkAt = 0
  halted = false
  depth = 0
  /** the partial (or macro) being rendered, for error reports */
  where: string | undefined
  readonly maxSteps: number
  readonly maxOut: number
  readonly maxDepth: number
  readonly locale: string
  readonly now: number
  readonly options: Readonly<RenderOptions>
  /** partials linked during this render (created on first use) */
  partialRuns: Map<string, Run | null> | undefined
  private cldrApi: CLDR | undefined | null = null
  private seen: Set<string> | undefined

  constructor(
    root: unknown,
    readonly registry: Registry,
    readonly host: PartialHost,
    readonly partials: Readonly<Record<string, unknown>>,
    readonly injects: Readonly<Record<string, unknown>>,
    locale: string | undefined,
    now: number | undefined,
    options: RenderOptions,
  ) {
    this.frame = new Frame(root, null)
    this.locale = locale ?? 'en-US'
    this.now = now ?? Date.now()
    this.options = options
    this.maxSteps = options.maxInstructions ?? DEFAULT_LIMITS.maxInstructions
    this.maxOut = options.maxOutputChars ?? DEFAULT_LIMITS.maxOutputChars
    this.maxDepth = options.maxPartialDepth ?? DEFAULT_LIMITS.maxPartialDepth
  }

  node(): unknown {
    return this.frame.node
  }

  resolve(path: string | readonly (string | number)[]): unknown {
    if (typeof path === 'string') return resolverFor(path)(this.frame)
    return resolvePath(this.frame, path)
  }

  /** First-segment lookup only (used by plugins that already split paths). */
  lookup(name: string): unknown {
    return lookupName(this.frame, name)
  }

  step(v: unknown, seg: string | number): unknown {
    return step(v, seg)
  }

  cldr(): CLDR | undefined {
    if (this.cldrApi === null) this.cldrApi = getCldr(this.locale)
    return this.cldrApi
  }

  error(code: string, message: string): void {
    this.fail(code, message)
  }

  /** Record an execute-stage error (deduplicated, capped). */
  fail(code: string, message: string, extra?: Partial<TemplateError>): void {
    if (this.errors.length >= MAX_ERRORS) return
    const key = `${code}\u0000${message}\u0000${this.where ?? ''}`
    this.seen ??= new Set()
    if (this.seen.has(key)) return
    this.seen.add(key)
    const e = templateError('execute', code, message)
    if (this.where !== undefined) e.partial = this.where
    if (extra) Object.assign(e, extra)
    this.errors.push(e)
  }

  /**
   * Slow path of the instruction budget: blocks add their size to `steps` and call this only when `steps` passes
   * `checkAt`. Returns false when the render budget is spent (the render then halts).
   */
  overBudget(): boolean {
    if (this.halted) return false
    if (this.steps > this.maxSteps) {
      this.halt(ErrorCode.BUDGET_INSTRUCTIONS, `render stopped: more than ${this.maxSteps} instructions`)
      return false
    }
    if (this.out.length > this.maxOut) {
      this.halt(ErrorCode.BUDGET_OUTPUT, `render stopped: output larger than ${this.maxOut} characters`)
      return false
    }
    this.checkAt = Math.min(this.steps + CHECK_EVERY, this.maxSteps)
    return true
  }

  private halt(code: string, message: string): void {
    this.halted = true
    this.checkAt = -1
    this.fail(code, message)
  }

  /** Account for `n` executed instructions; false when the render budget is spent. */
  budget(n: number): boolean {
    this.steps += n
    return this.steps <= this.checkAt || this.overBudget()
  }

  /** Find a macro (innermost first, across private scopes) or a partial by name. */
  findMacro(name: string): Run | undefined | null {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const m = f.macros
      if (m !== null && Object.prototype.hasOwnProperty.call(m, name)) return m[name]
    }
    return this.host.partial(this, name)
  }

  /** Run `run` with `node` in a new frame, returning its output (the main output is left untouched). */
  capture(run: Run, node: unknown, isolated: boolean, args?: Record<string, string>, where?: string): string {
    if (this.depth >= this.maxDepth) {
      this.fail(ErrorCode.RECURSION_LIMIT, `partial recursion deeper than ${this.maxDepth}${where ? ` ('${where}')` : ''}`)
      return ''
    }
    const saved = this.out
    const savedFrame = this.frame
    const savedWhere = this.where
    this.out = ''
    // an isolated (private) frame stops name and variable resolution but still reaches outer macros
    this.frame = new Frame(node, savedFrame, -1, isolated)
    if (args) this.frame.setVar('@args', args)
    if (where !== undefined) this.where = where
    this.depth++
    try {
      run(this)
    } finally {
      this.depth--
      this.where = savedWhere
      this.frame = savedFrame
    }
    const result = this.out
    this.out = saved
    return result
  }

  renderPartial(name: string, node: unknown, opts?: PartialOptions): string | undefined {
    const run = this.findMacro(name)
    if (run === undefined) {
      this.fail(ErrorCode.PARTIAL_MISSING, `partial or macro '${name}' not found`)
      return undefined
    }
    if (run === null) return ''
    return this.capture(run, node, opts?.isolated ?? false, opts?.args, name)
  }

  renderSource(source: string, node: unknown): string {
    const run = this.host.source(this, source)
    if (run === null) return ''
    return this.capture(run, node, true)
  }

  formatters(): FormatterTable {
    return this.registry.formatters
  }

  predicates(): PredicateTable {
    return this.registry.predicates
  }
}
