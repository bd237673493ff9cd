// Core predicates: comparisons, parity, plural/singular, nth, debug.
import { argGetters } from '../util/args.js'
import { isTruthy, toNumber } from '../util/values.js'
import type { PluginContext, Predicate, PredicateTable, Value } from './types.js'

/** Deep JSON equality, type-strict (3 and "3" differ). */
export function jsonEqual(a: Value, b: Value): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as Value[]
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]))
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  const ob = b as Record<string, Value>
  const oa = a as Record<string, Value>
  return ka.every((k) => Object.prototype.hasOwnProperty.call(ob, k) && jsonEqual(oa[k], ob[k]))
}

/** -1/0/1 for two numbers or two strings; undefined when they cannot be ordered. */
function order(a: Value, b: Value): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : a === b ? 0 : undefined
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return undefined
}

/** The two operands: `pred? a b` compares a and b; `pred? b` compares the current node with b. */
function operands(args: readonly string[], ctx: PluginContext): [Value, Value] | undefined {
  const g = argGetters(args)
  if (g.length >= 2) return [g[0]!(ctx), g[1]!(ctx)]
  if (g.length === 1) return [ctx.node(), g[0]!(ctx)]
  return undefined
}

function compare(test: (o: number) => boolean): Predicate {
  return (args, ctx) => {
    const ops = operands(args, ctx)
    if (!ops) return false
    const o = order(ops[0], ops[1])
    return o !== undefined && test(o)
  }
}

/** The value a number predicate tests: its first argument's value, else the current node. */
function subject(args: readonly string[], ctx: PluginContext): number {
  const v = args.length > 0 ? argGetters(args)[0]!(ctx) : ctx.node()
  return typeof v === 'number' || typeof v === 'string' ? toNumber(v) : NaN
}

const equal: Predicate = (args, ctx) => {
  const g = argGetters(args)
  if (g.length >= 2) return jsonEqual(g[0]!(ctx), g[1]!(ctx))
  return g.length === 1 && jsonEqual(ctx.node(), g[0]!(ctx))
}

export const CORE_PREDICATES: PredicateTable = {
  'equal?': equal,
  'notEqual?': (args, ctx) => {
    const ops = operands(args, ctx)
    return ops !== undefined && !jsonEqual(ops[0], ops[1])
  },
  'greaterThan?': compare((o) => o > 0),
  'greaterThanOrEqual?': compare((o) => o >= 0),
  'lessThan?': compare((o) => o < 0),
  'lessThanOrEqual?': compare((o) => o <= 0),
  'even?': (args, ctx) => {
    const n = subject(args, ctx)
    return Number.isInteger(n) && n % 2 === 0
  },
  'odd?': (args, ctx) => {
    const n = subject(args, ctx)
    return Number.isInteger(n) && n % 2 !== 0
  },
  'plural?': (args, ctx) => subject(args, ctx) > 1,
  'singular?': (args, ctx) => subject(args, ctx) === 1,
  'nth?': (args, ctx) => {
    const n = args.length >= 2 ? subject(args, ctx) : subject([], ctx)
    const g = argGetters(args)
    const m = g.length > 0 ? toNumber(g[g.length - 1]!(ctx)) : NaN
    return Number.isInteger(n) && Number.isInteger(m) && m !== 0 && n % m === 0
  },
  'debug?': (_args, ctx) => ctx.options.debug === true || isTruthy(ctx.resolve('debug')),
}
