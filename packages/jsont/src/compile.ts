// compile(source): scan -> parse -> assemble into a JSON-serialisable, immutable instruction tree.
import { Assembler } from './assemble.js'
import { isRootCode, type RootCode } from './code.js'
import { ErrorCode, templateError, type TemplateError } from './errors.js'
import { ExprError } from './expr/lex.js'
import { parseExpr } from './expr/parse.js'
import { parseTagAt, type ParseEnv } from './parse.js'
import { FORMATTERS, PREDICATES } from './plugins/index.js'
import type { FormatterTable, PredicateTable } from './plugins/types.js'
import { lineColumn, scan } from './scan.js'
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

export function compile(source: string, opts: CompileOptions = {}): CompiledTemplate {
  const errors: TemplateError[] = []
  const src = typeof source === 'string' ? source : String(source ?? '')
  const fmts = opts.formatters
  const preds = opts.predicates
  const limits = {
    maxTokens: opts.maxTokens ?? DEFAULT_LIMITS.maxTokens,
    maxStringLen: opts.maxStringLen ?? DEFAULT_LIMITS.maxStringLen,
  }
  let base = 0
  const at = (stage: 'parse' | 'assemble', code: string, message: string, offset: number): void => {
    const { line, column } = lineColumn(src, offset)
    errors.push(templateError(stage, code, message, line, column))
  }
  const env: ParseEnv = {
    formatter: (s, a, b) => FORMATTER_NAMES.find(s, a, b) ?? extraName(fmts, s, a, b),
    predicate: (s, a, b) => PREDICATE_NAMES.find(s, a, b) ?? extraName(preds, s, a, b),
    error: (code, message, offset) => at('parse', code, message, base + offset),
    checkExpr: (expr, offset) => {
      try {
        parseExpr(expr, limits)
      } catch (e) {
        if (e instanceof ExprError) at('parse', e.code, e.message, base + offset + e.pos)
        else throw e
      }
    },
  }
  const asm = new Assembler({
    error: (code, message, offset) => at('assemble', code, message, offset),
    maxDepth: opts.maxDepth ?? DEFAULT_LIMITS.maxDepth,
  })
  scan(src, {
    text: (t) => asm.text(t),
    comment: (t, multi) => asm.comment(t, multi),
    tag: (start, end) => {
      base = start
      const p = parseTagAt(src, start, end, env)
      if (p === null) asm.text(src.slice(start - 1, end + 1))
      else asm.add(p, start - 1)
    },
    unterminated: (offset) => at('parse', ErrorCode.UNTERMINATED_COMMENT, 'multi-line comment never closed (missing ##})', offset),
  })
  // the tree is never mutated after this point (callers must treat it as read-only)
  const code = asm.finish(src.length)
  return Object.freeze({ code, errors: Object.freeze(errors) })
}

/** A compiled template given back by a caller (possibly deserialised from JSON). */
export function asCompiled(t: unknown): CompiledTemplate | undefined {
  if (typeof t !== 'object' || t === null) return undefined
  const code = (t as { code?: unknown }).code
  if (!isRootCode(code)) return undefined
  const errors = (t as { errors?: unknown }).errors
  return { code, errors: Array.isArray(errors) ? (errors as TemplateError[]) : [] }
}
