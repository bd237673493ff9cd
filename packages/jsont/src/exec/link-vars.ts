// Linking of value instructions: variables with formatter chains, .var, .ctx, .inject, .eval.
import type { FormatterCall, Path } from '../code.js'
import { ErrorCode } from '../errors.js'
import { ExprError, type ExprLimits } from '../expr/lex.js'
import { evaluate, type ExprScope } from '../expr/eval.js'
import { parseExpr, type Program } from '../expr/parse.js'
import { DEFAULT_LIMITS } from '../limits.js'
import type { Formatter, Variable } from '../plugins/types.js'
import { printText } from '../util/values.js'
import type { Ctx, Registry } from './context.js'
import { makeResolver, resolverFor } from './resolve.js'
import type { Run } from './types.js'

const EMPTY: readonly string[] = Object.freeze([])

interface Call {
  name: string
  fn: Formatter | undefined
  args: readonly string[]
}

function linkCalls(fmts: FormatterCall[] | 0, reg: Registry): Call[] {
  if (!fmts) return []
  return fmts.map((f) => {
    const name = f[0]
    const fn = Object.prototype.hasOwnProperty.call(reg.formatters, name) ? reg.formatters[name] : undefined
    const args = f[1] ? Object.freeze([...f[1][0]]) : EMPTY
    return { name, fn, args }
  })
}

export function applyCalls(c: Ctx, vars: Variable[], calls: Call[]): void {
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!
    if (call.fn === undefined) {
      c.fail(ErrorCode.UNKNOWN_FORMATTER, `unknown formatter '${call.name}'`)
      continue
    }
    try {
      call.fn(vars, call.args, c)
    } catch (e) {
      c.fail(ErrorCode.FORMATTER_FAILED, `formatter '${call.name}' failed: ${(e as Error)?.message ?? String(e)}`)
      vars[0]!.value = undefined
    }
  }
}

/** The value of a `{a,b|fmt ...}` reference (used by VARIABLE and BINDVAR). */
function valueOf(paths: Path[], fmts: FormatterCall[] | 0, reg: Registry): (c: Ctx) => unknown {
  const calls = linkCalls(fmts, reg)
  if (paths.length === 1) {
    const r = makeResolver(paths[0]!)
    if (calls.length === 0) return (c) => r(c.frame)
    return (c) => {
      const vars: Variable[] = [{ value: r(c.frame) }]
      applyCalls(c, vars, calls)
      return vars[0]!.value
    }
  }
  const rs = paths.map(makeResolver)
  return (c) => {
    const vars: Variable[] = rs.map((r) => ({ value: r(c.frame) }))
    applyCalls(c, vars, calls)
    return vars[0]!.value
  }
}

export function linkVariable(node: unknown[], reg: Registry): Run {
  const paths = node[1] as Path[]
  const fmts = node[2] as FormatterCall[] | 0
  if (!fmts && paths.length === 1) {
    const r = makeResolver(paths[0]!)
    return (c) => {
      const v = r(c.frame)
      c.out += typeof v === 'string' ? v : printText(v)
    }
  }
  const get = valueOf(paths, fmts, reg)
  return (c) => {
    const v = get(c)
    c.out += typeof v === 'string' ? v : printText(v)
  }
}

export function linkBindVar(node: unknown[], reg: Registry): Run {
  const name = node[1] as string
  const get = valueOf(node[2] as Path[], node[3] as FormatterCall[] | 0, reg)
  return (c) => c.frame.setVar(name, get(c))
}

export function linkCtxVar(node: unknown[]): Run {
  const name = node[1] as string
  const pairs = (node[2] as [string, Path][]).map(([k, p]) => [k, makeResolver(p)] as const)
  return (c) => {
    const obj: Record<string, unknown> = {}
    for (const [k, r] of pairs) obj[k] = r(c.frame)
    c.frame.setVar(name, obj)
  }
}

export function linkInject(node: unknown[]): Run {
  const name = node[1] as string
  const key = node[2] as string
  return (c) => {
    const has = Object.prototype.hasOwnProperty.call(c.injects, key)
    if (!has) c.fail(ErrorCode.INJECT_MISSING, `nothing injected at '${key}'`)
    c.frame.setVar(name, has ? c.injects[key] : undefined)
  }
}

// Parsed expressions, shared across renders (keyed by limits and source).
const programs = new Map<string, Program | ExprError>()

function programFor(expr: string, limits: ExprLimits): Program | ExprError {
  const key = `${limits.maxTokens}:${limits.maxStringLen}:${expr}`
  let p = programs.get(key)
  if (p === undefined) {
    try {
      p = parseExpr(expr, limits)
    } catch (e) {
      if (!(e instanceof ExprError)) throw e
      p = e
    }
    if (programs.size > 2000) programs.clear()
    programs.set(key, p)
  }
  return p
}

export function linkEval(node: unknown[]): Run {
  const expr = node[1] as string
  return (c) => {
    if (c.options.enableExpr === false) {
      c.fail(ErrorCode.EXPR_DISABLED, '.eval is disabled')
      return
    }
    const limits = {
      maxTokens: c.options.maxTokens ?? DEFAULT_LIMITS.maxTokens,
      maxStringLen: c.options.maxStringLen ?? DEFAULT_LIMITS.maxStringLen,
    }
    const prog = programFor(expr, limits)
    if (prog instanceof ExprError) {
      c.fail(prog.code, `${prog.message} in '${expr}'`)
      return
    }
    const scope: ExprScope = {
      get: (p) => resolverFor(p)(c.frame),
      set: (n, v) => c.frame.setVar(n, v),
    }
    try {
      const v = evaluate(prog, scope)
      c.out += printText(v)
    } catch (e) {
      if (e instanceof ExprError) c.fail(e.code, `${e.message} in '${expr}'`)
      else c.fail(ErrorCode.EXPR_CALL_FAILED, `error evaluating '${expr}': ${(e as Error)?.message ?? String(e)}`)
    }
  }
}
