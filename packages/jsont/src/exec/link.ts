// Stage 5a: turn the JSON instruction tree into closures once (cached per compiled tree and plugin registry).
import { Op, type Block, type Path, type RootCode } from '../code.js'
import { ErrorCode } from '../errors.js'
import type { Predicate } from '../plugins/types.js'
import { isTruthy } from '../util/values.js'
import type { Ctx, Registry } from './context.js'
import { Frame } from './frame.js'
import { linkBindVar, linkCtxVar, linkEval, linkInject, linkVariable } from './link-vars.js'
import { makeResolver } from './resolve.js'
import type { Run } from './types.js'

const noop: Run = () => {}
const EMPTY: readonly string[] = Object.freeze([])

const CONST_TEXT: Record<number, string> = {
  [Op.META_LEFT]: '{',
  [Op.META_RIGHT]: '}',
  [Op.NEWLINE]: '\n',
  [Op.SPACE]: ' ',
  [Op.TAB]: '\t',
}

function constText(inst: unknown): string | undefined {
  if (typeof inst === 'number') return CONST_TEXT[inst]
  if (Array.isArray(inst) && inst[0] === Op.TEXT) return inst[1] as string
  return undefined
}

function argsOf(a: unknown): readonly string[] {
  return Array.isArray(a) ? Object.freeze([...(a[0] as string[])]) : EMPTY
}

class Linker {
  constructor(private readonly reg: Registry) {}

  block(block: Block): Run {
    const macros: Run[] = []
    const runs: Run[] = []
    let text: string | undefined
    for (const inst of block) {
      const t = constText(inst)
      if (t !== undefined) {
        text = (text ?? '') + t
        continue
      }
      if (text !== undefined) {
        runs.push(textRun(text))
        text = undefined
      }
      if (!Array.isArray(inst)) continue
      if (inst[0] === Op.MACRO) macros.push(this.macro(inst))
      else if (inst[0] !== Op.COMMENT) runs.push(this.inst(inst))
    }
    if (text !== undefined) runs.push(textRun(text))
    // macros are defined when their block starts, so they can be used before their definition
    const all = macros.concat(runs)
    const n = all.length
    if (n === 0) return noop
    if (n === 1) {
      const r0 = all[0]!
      return (c) => {
        if (++c.steps <= c.checkAt || c.overBudget()) r0(c)
      }
    }
    if (n === 2) {
      const r0 = all[0]!
      const r1 = all[1]!
      return (c) => {
        if ((c.steps += 2) > c.checkAt && !c.overBudget()) return
        r0(c)
        r1(c)
      }
    }
    return (c) => {
      if ((c.steps += n) > c.checkAt && !c.overBudget()) return
      for (let i = 0; i < n; i++) all[i]!(c)
    }
  }

  private next(next: unknown): Run {
    if (!Array.isArray(next)) return noop
    // OR_PREDICATE: [7, name|0, args|0, block, next]
    const body = this.block(next[3] as Block)
    const rest = this.next(next[4])
    if (next[1] === 0) return body
    const test = this.predicate(next[1] as string, next[2])
    return (c) => {
      if (test(c)) body(c)
      else rest(c)
    }
  }

  private predicate(name: string, rawArgs: unknown): (c: Ctx) => boolean {
    const fn: Predicate | undefined = Object.prototype.hasOwnProperty.call(this.reg.predicates, name)
      ? this.reg.predicates[name]
      : undefined
    const args = argsOf(rawArgs)
    // unknown names were reported when the template was compiled
    if (!fn) return () => false
    return (c) => {
      try {
        return fn(args, c) === true
      } catch (e) {
        c.fail(ErrorCode.PREDICATE_FAILED, `predicate '${name}' failed: ${(e as Error)?.message ?? String(e)}`)
        return false
      }
    }
  }

  private macro(inst: unknown[]): Run {
    const name = inst[1] as string
    const body = this.block(inst[2] as Block)
    return (c) => {
      const f = c.frame
      if (f.macros === null) f.macros = Object.create(null) as Record<string, Run>
      f.macros[name] = body
    }
  }

  private inst(inst: unknown[]): Run {
    switch (inst[0]) {
      case Op.VARIABLE:
        return linkVariable(inst, this.reg)
      case Op.SECTION: {
        const r = makeResolver(inst[1] as Path)
        const body = this.block(inst[2] as Block)
        const orElse = this.next(inst[3])
        return (c) => {
          const v = r(c.frame)
          if (!isTruthy(v)) return orElse(c)
          const saved = c.frame
          c.frame = new Frame(v, saved)
          body(c)
          c.frame = saved
        }
      }
      case Op.REPEATED: {
        const r = makeResolver(inst[1] as Path)
        const body = this.block(inst[2] as Block)
        const orElse = this.next(inst[3])
        const alt = (inst[4] as Block).length ? this.block(inst[4] as Block) : undefined
        return (c) => {
          const v = r(c.frame)
          if (!Array.isArray(v) || v.length === 0) return orElse(c)
          const saved = c.frame
          const list = new Frame(v, saved)
          const n = v.length
          for (let i = 0; i < n && !c.halted; i++) {
            if (alt !== undefined && i > 0) {
              c.frame = list
              alt(c)
            }
            c.frame = new Frame(v[i], list, i)
            body(c)
          }
          c.frame = saved
        }
      }
      case Op.PREDICATE: {
        const test = this.predicate(inst[1] as string, inst[2])
        const body = this.block(inst[3] as Block)
        const orElse = this.next(inst[4])
        return (c) => {
          if (test(c)) body(c)
          else orElse(c)
        }
      }
      case Op.IF: {
        const ops = inst[1] as number[]
        const rs = (inst[2] as Path[]).map(makeResolver)
        const body = this.block(inst[3] as Block)
        const orElse = this.next(inst[4])
        if (ops.length === 0) {
          const r0 = rs[0]!
          return (c) => {
            if (isTruthy(r0(c.frame))) body(c)
            else orElse(c)
          }
        }
        return (c) => {
          let ok = isTruthy(rs[0]!(c.frame))
          for (let i = 0; i < ops.length; i++) {
            const v = isTruthy(rs[i + 1]!(c.frame))
            ok = ops[i] === 1 ? ok && v : ok || v
          }
          if (ok) body(c)
          else orElse(c)
        }
      }
      case Op.BINDVAR:
        return linkBindVar(inst, this.reg)
      case Op.CTXVAR:
        return linkCtxVar(inst)
      case Op.INJECT:
        return linkInject(inst)
      case Op.EVAL:
        return linkEval(inst)
      case Op.INCLUDE:
        return includeRun(inst[1] as string, argsOf(inst[2]))
      default:
        return noop
    }
  }
}

function textRun(s: string): Run {
  return (c) => {
    c.out += s
  }
}

function includeRun(name: string, args: readonly string[]): Run {
  const output = args.includes('output')
  return (c) => {
    if (c.options.enableInclude === false) {
      c.fail(ErrorCode.INCLUDE_DISABLED, '.include is disabled')
      return
    }
    const run = c.findMacro(name)
    if (run === undefined) {
      c.fail(ErrorCode.PARTIAL_MISSING, `partial or macro '${name}' not found`)
      return
    }
    if (run === null) return
    if (c.depth >= c.maxDepth) {
      c.fail(ErrorCode.RECURSION_LIMIT, `partial recursion deeper than ${c.maxDepth} ('${name}')`)
      return
    }
    const saved = c.out
    c.depth++
    try {
      run(c)
    } finally {
      c.depth--
    }
    if (!output) c.out = saved
  }
}

const cache = new WeakMap<object, { key: object; run: Run }>()

/** Link a compiled tree for a registry; cached per tree (and registry). */
export function link(code: RootCode, reg: Registry): Run {
  const hit = cache.get(code)
  if (hit !== undefined && hit.key === reg.key) return hit.run
  const run = new Linker(reg).block(code[2])
  cache.set(code, { key: reg.key, run })
  return run
}
