// Interpreting formatter/predicate arguments.
import { Ctx } from '../exec/context.js'
import { resolverFor } from '../exec/resolve.js'
import type { PluginContext } from '../plugins/types.js'

const NUMBER_RE = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** A literal argument: "quoted" or 'quoted' strings, numbers, true/false/null; undefined when it is a path. */
export function literal(arg: string): { value: unknown } | undefined {
  const q = arg[0]
  if ((q === '"' || q === "'") && arg.length >= 2 && arg[arg.length - 1] === q) return { value: arg.slice(1, -1) }
  if (NUMBER_RE.test(arg)) return { value: Number(arg) }
  if (arg === 'true') return { value: true }
  if (arg === 'false') return { value: false }
  if (arg === 'null') return { value: null }
  return undefined
}

/** An argument's value: a literal, else the path resolved in the current scope. */
export function argValue(arg: string, ctx: PluginContext): unknown {
  const lit = literal(arg)
  return lit ? lit.value : ctx.resolve(arg)
}

export type ArgGetter = (ctx: PluginContext) => unknown

const compiledArgs = new WeakMap<readonly string[], ArgGetter[]>()

/**
 * The arguments as value getters (literal or path), parsed once per argument array: the executor passes the same
 * frozen array on every run of an instruction, so plugins can call this on every call cheaply.
 */
export function argGetters(args: readonly string[]): ArgGetter[] {
  let g = compiledArgs.get(args)
  if (g === undefined) {
    g = args.map((a): ArgGetter => {
      const lit = literal(a)
      if (lit) {
        const v = lit.value
        return () => v
      }
      // resolved straight from the executor's scope (no per-call lookup of the resolver by the argument text)
      const r = resolverFor(a)
      return (ctx) => (ctx instanceof Ctx ? r(ctx.frame) : ctx.resolve(a))
    })
    compiledArgs.set(args, g)
  }
  return g
}

/** `key=value` arguments as an object (others ignored); undefined when there are none. */
export function keyValueArgs(args: readonly string[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined
  for (const a of args) {
    const eq = a.indexOf('=')
    if (eq <= 0) continue
    out ??= {}
    out[a.slice(0, eq)] = a.slice(eq + 1)
  }
  return out
}
