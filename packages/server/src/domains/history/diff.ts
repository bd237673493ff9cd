// The structured diff between two versions of an object (contracts' HistoryChange): objects key by key; arrays of
// members with an `id` matched by id (added, removed, moved, changed: `/sections/[id]/...`), other arrays index by
// index when their lengths match, else replaced whole; anything else replaced.
import type { HistoryChange } from '@sitewright/contracts'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1')
const idOf = (v: unknown): string | null => (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number') ? String(v.id) : null)

export function diff(before: unknown, after: unknown, path = ''): HistoryChange[] {
  const out: HistoryChange[] = []
  walk(before, after, path, out)
  return out
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

function walk(a: unknown, b: unknown, path: string, out: HistoryChange[]): void {
  if (same(a, b)) return
  if (a === undefined) return void out.push({ op: 'add', path, to: b })
  if (b === undefined) return void out.push({ op: 'remove', path, from: a })
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${path}/${esc(k)}`, out)
    return
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const aIds = a.map(idOf)
    const bIds = b.map(idOf)
    const keyed = a.length + b.length > 0 && [...aIds, ...bIds].every((x) => x !== null) && new Set(aIds).size === a.length && new Set(bIds).size === b.length
    if (keyed) return byId(a, b, aIds as string[], bIds as string[], path, out)
    if (a.length === b.length) {
      a.forEach((v, i) => walk(v, b[i], `${path}/${i}`, out))
      return
    }
  }
  out.push({ op: 'replace', path, from: a, to: b })
}

function byId(a: unknown[], b: unknown[], aIds: string[], bIds: string[], path: string, out: HistoryChange[]): void {
  const inB = new Map(bIds.map((id, i) => [id, i]))
  const inA = new Map(aIds.map((id, i) => [id, i]))
  aIds.forEach((id, i) => inB.has(id) || out.push({ op: 'remove', path: `${path}/[${id}]`, from: a[i] }))
  bIds.forEach((id, i) => inA.has(id) || out.push({ op: 'add', path: `${path}/[${id}]`, to: b[i] }))
  // moves: members kept whose order among the kept ones changed
  const keptA = aIds.filter((id) => inB.has(id))
  const keptB = bIds.filter((id) => inA.has(id))
  const posB = new Map(keptB.map((id, i) => [id, i]))
  const stay = longestIncreasing(keptA.map((id) => posB.get(id)!))
  keptA.forEach((id, i) => stay.has(i) || out.push({ op: 'move', path: `${path}/[${id}]`, from: inA.get(id)!, to: inB.get(id)! }))
  for (const id of keptB) walk(a[inA.get(id)!], b[inB.get(id)!], `${path}/[${id}]`, out)
}

/** Indexes of one longest increasing subsequence of `xs` (the members that did not move). */
function longestIncreasing(xs: number[]): Set<number> {
  const tails: number[] = []
  const prev: number[] = new Array<number>(xs.length).fill(-1)
  xs.forEach((x, i) => {
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (xs[tails[mid]!]! < x) lo = mid + 1
      else hi = mid
    }
    if (lo > 0) prev[i] = tails[lo - 1]!
    tails[lo] = i
  })
  const keep = new Set<number>()
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) keep.add(i)
  return keep
}
