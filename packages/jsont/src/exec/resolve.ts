// Name resolution with JSON-T scoping, specialised per path at link time.
import type { Path } from '../code.js'
import type { Frame } from './frame.js'

export type Resolver = (f: Frame) => unknown

const PROTO_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype))
const hasOwn = Object.prototype.hasOwnProperty

/** One step down: object key or array index; never the prototype. */
export function step(v: unknown, seg: string | number): unknown {
  if (typeof v !== 'object' || v === null) return undefined
  if (Array.isArray(v)) {
    const i = typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : -1
    return i >= 0 && i < v.length ? v[i] : undefined
  }
  const k = typeof seg === 'number' ? String(seg) : seg
  if (PROTO_NAMES.has(k)) return hasOwn.call(v, k) ? (v as Record<string, unknown>)[k] : undefined
  return (v as Record<string, unknown>)[k]
}

/** The first segment of a name, searched from the current frame outwards. */
export function lookupName(f: Frame | null, name: string | number): unknown {
  for (; f !== null; f = f.parent) {
    const v = step(f.node, name)
    if (v !== undefined) return v
    if (f.stop) break
  }
  return undefined
}

export function lookupVar(f: Frame | null, name: string): unknown {
  for (; f !== null; f = f.parent) {
    const vars = f.vars
    if (vars !== null && name in vars) return vars[name]
    if (f.stop) break
  }
  return undefined
}

export function lookupIndex(f: Frame | null): number {
  for (; f !== null; f = f.parent) if (f.index >= 0) return f.index
  return -1
}

function fastName(name: string): Resolver {
  return (f) => {
    for (let cur: Frame | null = f; cur !== null; cur = cur.parent) {
      const n = cur.node
      if (typeof n === 'object' && n !== null && !Array.isArray(n)) {
        const v = (n as Record<string, unknown>)[name]
        if (v !== undefined) return v
      }
      if (cur.stop) break
    }
    return undefined
  }
}

function head(first: string | number): Resolver {
  if (first === '@') return (f) => f.node
  if (typeof first === 'string' && first.charCodeAt(0) === 64 /* @ */) {
    if (first === '@index') {
      return (f) => {
        const i = lookupIndex(f)
        return i < 0 ? undefined : i + 1
      }
    }
    if (first === '@index0') {
      return (f) => {
        const i = lookupIndex(f)
        return i < 0 ? undefined : i
      }
    }
    return (f) => lookupVar(f, first)
  }
  if (typeof first === 'string' && !PROTO_NAMES.has(first)) return fastName(first)
  return (f) => lookupName(f, first)
}

type Step = (v: unknown) => unknown

/** A step specialised for one segment (plain keys skip the prototype check and the array test). */
function makeStep(seg: string | number): Step {
  if (typeof seg === 'number' || /^\d+$/.test(seg) || PROTO_NAMES.has(seg)) return (v) => step(v, seg)
  return (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[seg] : undefined)
}

/** A resolver built from closures (each step a small function). */
export function closureResolver(path: Path): Resolver {
  const h = head(path[0] ?? '@')
  const n = path.length
  if (n === 1) return h
  const s1 = makeStep(path[1]!)
  if (n === 2) return (f) => s1(h(f))
  if (n === 3) {
    const s2 = makeStep(path[2]!)
    return (f) => {
      const v = s1(h(f))
      return v === undefined ? undefined : s2(v)
    }
  }
  const rest = path.slice(1).map(makeStep)
  return (f) => {
    let v = h(f)
    for (let i = 0; i < rest.length && v !== undefined; i++) v = rest[i]!(v)
    return v
  }
}

/** A plain name: looked up as an own-or-inherited property without the prototype-name guard. */
function plainName(seg: string | number): seg is string {
  return typeof seg === 'string' && !PROTO_NAMES.has(seg) && !/^\d+$/.test(seg)
}

/**
 * Source of a resolver with every key a constant: `n["name"]` gets its own inline cache per generated function,
 * where one shared closure `n[name]` goes megamorphic across the hundreds of names of a site template.
 * Keys are JSON string literals; anything unusual (prototype names, digit strings) calls `step`.
 */
function resolverSource(path: Path): string {
  const first = path[0]!
  const lines: string[] = ['let v']
  if (plainName(first) && first.charCodeAt(0) !== 64 /* @ */) {
    lines.push(
      'for (let cur = f; cur !== null; cur = cur.parent) {',
      '  const n = cur.node',
      `  if (typeof n === 'object' && n !== null && !Array.isArray(n)) { v = n[${JSON.stringify(first)}]; if (v !== undefined) break }`,
      '  if (cur.stop) break',
      '}',
    )
  } else lines.push('v = h(f)')
  for (let i = 1; i < path.length; i++) {
    const seg = path[i]!
    lines.push('if (v === undefined) return undefined')
    if (plainName(seg)) {
      lines.push(`v = typeof v === 'object' && v !== null && !Array.isArray(v) ? v[${JSON.stringify(seg)}] : undefined`)
    } else if (typeof seg === 'number' && Number.isSafeInteger(seg) && seg >= 0) {
      lines.push(
        "if (typeof v !== 'object' || v === null) return undefined",
        `v = Array.isArray(v) ? (${seg} < v.length ? v[${seg}] : undefined) : v[${JSON.stringify(String(seg))}]`,
      )
    } else lines.push(`v = step(v, ${JSON.stringify(seg)})`)
  }
  lines.push('return v')
  return `return (f) => {\n${lines.join('\n')}\n}`
}

type Factory = (h: Resolver, step: (v: unknown, seg: string | number) => unknown) => Resolver
let codegen = true
const factories = new Map<string, Factory>()

/** A resolver specialised to one path (generated code where the platform allows it, else closures). */
export function makeResolver(path: Path): Resolver {
  if (path.length === 0) return (f) => f.node
  if (!codegen) return closureResolver(path)
  const src = resolverSource(path)
  let factory = factories.get(src)
  if (factory === undefined) {
    try {
      factory = new Function('h', 'step', src) as Factory
    } catch {
      codegen = false // code generation disallowed (e.g. --disallow-code-generation-from-strings)
      return closureResolver(path)
    }
    if (factories.size > 5000) factories.clear()
    factories.set(src, factory)
  }
  const first = path[0]!
  const h = plainName(first) && first.charCodeAt(0) !== 64 ? noHead : head(first)
  return factory(h, step)
}

const noHead: Resolver = () => undefined

/** The value of a path's first segment from frame `f` (what `head(first)(f)` computes, without a closure). */
function headValue(f: Frame, first: string | number): unknown {
  if (first === '@') return f.node
  if (typeof first === 'string' && first.charCodeAt(0) === 64 /* @ */) {
    if (first === '@index' || first === '@index0') {
      const i = lookupIndex(f)
      return i < 0 ? undefined : first === '@index' ? i + 1 : i
    }
    return lookupVar(f, first)
  }
  return lookupName(f, first)
}

/** Resolve a path given as segments once (plugins' ctx.resolve with an array): no resolver is built. */
export function resolvePath(f: Frame, path: readonly (string | number)[]): unknown {
  if (path.length === 0) return f.node
  let v = headValue(f, path[0]!)
  for (let i = 1; i < path.length && v !== undefined; i++) v = step(v, path[i]!)
  return v
}

/** Parse a dotted name at run time (plugins' ctx.resolve). */
export function pathOf(p: string | readonly (string | number)[]): Path {
  if (typeof p !== 'string') return [...p]
  if (p.indexOf('.') === -1) return [p]
  return p.split('.').map((s) => (/^\d+$/.test(s) && s.length < 10 ? Number(s) : s))
}

const resolverCache = new Map<string, Resolver>()

/** A resolver for a dotted name, cached (plugins resolve the same few names over and over). */
export function resolverFor(path: string): Resolver {
  let r = resolverCache.get(path)
  if (r === undefined) {
    r = makeResolver(pathOf(path))
    if (resolverCache.size > 5000) resolverCache.clear()
    resolverCache.set(path, r)
  }
  return r
}
