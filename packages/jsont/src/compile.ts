// compile(source): scan -> parse -> assemble into a JSON-serialisable, immutable instruction tree.
import { Assembler, type AssembleEnv } from './assemble.js'
import { isRootCode, type RootCode } from './code.js'
import { ErrorCode, templateError, type TemplateError } from './errors.js'
import { ExprError } from './expr/lex.js'
import { parseExpr } from './expr/parse.js'
import { parseTagAt, type ParseEnv } from './parse.js'
import { FORMATTERS, PREDICATES } from './plugins/index.js'
import type { FormatterTable, PredicateTable } from './plugins/types.js'
import { lineColumn, scan, type ScanSink } from './scan.js'
import { NameSet } from './names.js'
import { DEFAULT_LIMITS } from './limits.js'

export interface CompiledTemplate {
  readonly code: RootCode
  readonly errors: readonly TemplateError[]
}

export interface CompileOptions {
  /** Extra formatters/predicates known to this template (besides the built-in families). */
  formatters?: FormatterTable
  predicates?: PredicateTable
  maxTokens?: number
  maxStringLen?: number
  /** Max nesting of blocks (default 256). */
  maxDepth?: number
}

const FORMATTER_NAMES = new NameSet(Object.keys(FORMATTERS))
const PREDICATE_NAMES = new NameSet(Object.keys(PREDICATES))

/** A name from a caller's own table (checked after the built-in names). */
function extraName(table: Readonly<Record<string, unknown>> | undefined, s: string, start: number, end: number): string | undefined {
  if (table === undefined) return undefined
  const name = s.slice(start, end)
  return Object.prototype.hasOwnProperty.call(table, name) ? name : undefined
}

/** One compilation: the parser's environment, the scanner's sink and the assembler's error sink in one object. */
class Compilation implements ParseEnv, ScanSink, AssembleEnv {
  readonly errors: TemplateError[] = []
  readonly asm: Assembler
  readonly maxDepth: number
  /** source offset of the current tag body (parse error offsets are relative to it) */
  private base = 0

  constructor(
    private readonly src: string,
    private readonly opts: CompileOptions,
  ) {
    this.maxDepth = opts.maxDepth ?? DEFAULT_LIMITS.maxDepth
    this.asm = new Assembler(this)
  }

  formatter(s: string, a: number, b: number): string | undefined {
    return FORMATTER_NAMES.find(s, a, b) ?? extraName(this.opts.formatters, s, a, b)
  }

  predicate(s: string, a: number, b: number): string | undefined {
    return PREDICATE_NAMES.find(s, a, b) ?? extraName(this.opts.predicates, s, a, b)
  }

  /** A parse error at `offset` into the current tag body. */
  error(code: string, message: string, offset: number): void {
    this.at('parse', code, message, this.base + offset)
  }

  checkExpr(expr: string, offset: number): void {
    try {
      parseExpr(expr, {
        maxTokens: this.opts.maxTokens ?? DEFAULT_LIMITS.maxTokens,
        maxStringLen: this.opts.maxStringLen ?? DEFAULT_LIMITS.maxStringLen,
      })
    } catch (e) {
      if (e instanceof ExprError) this.at('parse', e.code, e.message, this.base + offset + e.pos)
      else throw e
    }
  }

  /** An assembler error at a source offset. */
  assembleError(code: string, message: string, offset: number): void {
    this.at('assemble', code, message, offset)
  }

  text(t: string): void {
    this.asm.text(t)
  }

  comment(t: string, multi: boolean): void {
    this.asm.comment(t, multi)
  }

  tag(start: number, end: number): void {
    this.base = start
    const p = parseTagAt(this.src, start, end, this)
    if (p === null) this.asm.text(this.src.slice(start - 1, end + 1))
    else this.asm.add(p, start - 1)
  }

  unterminated(offset: number): void {
    this.at('parse', ErrorCode.UNTERMINATED_COMMENT, 'multi-line comment never closed (missing ##})', offset)
  }

  private at(stage: 'parse' | 'assemble', code: string, message: string, offset: number): void {
    const { line, column } = lineColumn(this.src, offset)
    this.errors.push(templateError(stage, code, message, line, column))
  }
}

export function compile(source: string, opts: CompileOptions = {}): CompiledTemplate {
  const src = typeof source === 'string' ? source : String(source ?? '')
  const run = new Compilation(src, opts)
  scan(src, run)
  // the tree is never mutated after this point (callers must treat it as read-only)
  const code = run.asm.finish(src.length)
  return Object.freeze({ code, errors: Object.freeze(run.errors) })
}

/** A compiled template given back by a caller (possibly deserialised from JSON). */
export function asCompiled(t: unknown): CompiledTemplate | undefined {
  if (typeof t !== 'object' || t === null) return undefined
  const code = (t as { code?: unknown }).code
  if (!isRootCode(code)) return undefined
  const errors = (t as { errors?: unknown }).errors
  return { code, errors: Array.isArray(errors) ? (errors as TemplateError[]) : [] }
}
