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

export function makeResolver(path: Path): Resolver {
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
