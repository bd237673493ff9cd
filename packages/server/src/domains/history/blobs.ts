// Content-addressed snapshot pieces. A snapshot (plain JSON) is split into pieces: every object, array or string
// whose JSON is longer than PIECE_MIN is stored on its own under the hash of its JSON (with its own big members
// replaced by references), so a one-word change stores only the pieces on the path from the changed text to the
// root; every other piece is already there under the same hash. Bodies are stored deflated.
import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'

/** A text[] parameter (Drizzle spreads a JS array into a list of parameters). */
export const textArray = (xs: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb))`

/** JSON longer than this is a piece of its own. */
export const PIECE_MIN = 160
/** The one key of a reference object: `{ "\u0001": hash }`. */
const REF = '\u0001'

export interface Piece {
  body: string
  children: string[]
}
export type Pieces = Map<string, Piece>

const hashOf = (body: string) => createHash('sha256').update(body).digest('base64url').slice(0, 24)

function refOf(v: unknown): string | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null
  const keys = Object.keys(v)
  return keys.length === 1 && keys[0] === REF ? String((v as Record<string, unknown>)[REF]) : null
}

/** Splits `value` into pieces (added to `out`); answers the root piece's hash. */
export function split(value: unknown, out: Pieces): string {
  const children: string[] = []
  const node = shrink(value, out, children, true)
  return refOf(node)!
}

function shrink(value: unknown, out: Pieces, parentRefs: string[], root = false): unknown {
  let node: unknown = value
  const refs: string[] = []
  if (Array.isArray(value)) node = value.map((v) => shrink(v, out, refs))
  else if (value !== null && typeof value === 'object') node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shrink(v, out, refs)]))
  const body = JSON.stringify(node) ?? 'null'
  if (!root && body.length <= PIECE_MIN) {
    parentRefs.push(...refs)
    return node
  }
  const hash = hashOf(body)
  if (!out.has(hash)) out.set(hash, { body, children: refs })
  parentRefs.push(hash)
  return { [REF]: hash }
}

/** Stores the pieces not stored yet; answers the bytes newly stored. */
export async function storePieces(orm: Orm, siteId: string, pieces: Pieces): Promise<number> {
  if (pieces.size === 0) return 0
  const hashes = [...pieces.keys()]
  const have = new Set((await sqlRows<{ hash: string }>(orm, sql`SELECT hash FROM history_blobs WHERE site_id = ${siteId} AND hash = ANY(${textArray(hashes)})`)).map((r) => r.hash))
  const fresh = hashes.filter((h) => !have.has(h))
  let bytes = 0
  for (let i = 0; i < fresh.length; i += 200) {
    const chunk = fresh.slice(i, i + 200)
    const rows = chunk.map((h) => ({ h, b: deflateRawSync(pieces.get(h)!.body).toString('base64'), c: pieces.get(h)!.children }))
    bytes += rows.reduce((n, r) => n + Buffer.byteLength(r.b, 'base64'), 0)
    await orm.execute(sql`INSERT INTO history_blobs (site_id, hash, body, children)
      SELECT ${siteId}, x ->> 'h', decode(x ->> 'b', 'base64'), x -> 'c'
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS x
      ON CONFLICT DO NOTHING`)
  }
  return bytes
}

/** Reads pieces of a site, fetching only those not in `known`, level by level; answers the whole values of `roots`. */
export async function loadValues(orm: Orm, siteId: string, roots: readonly string[], known: Pieces = new Map()): Promise<Map<string, unknown>> {
  const pieces: Map<string, unknown> = new Map()
  for (const [h, p] of known) pieces.set(h, JSON.parse(p.body))
  let wanted = [...new Set(roots)].filter((h) => !pieces.has(h))
  const queue = [...roots]
  while (wanted.length > 0) {
    const rows = await sqlRows<{ hash: string; body: string }>(orm, sql`SELECT hash, encode(body, 'base64') AS body FROM history_blobs WHERE site_id = ${siteId} AND hash = ANY(${textArray(wanted)})`)
    for (const r of rows) pieces.set(r.hash, JSON.parse(inflateRawSync(Buffer.from(r.body, 'base64')).toString('utf8')))
    const next = new Set<string>()
    for (const h of wanted) collectRefs(pieces.get(h), (ref) => !pieces.has(ref) && next.add(ref))
    wanted = [...next]
  }
  // pieces already known may refer to pieces not fetched yet
  const missing = new Set<string>()
  for (const h of queue) walkMissing(h, pieces, missing, new Set())
  if (missing.size) {
    const more = await loadValues(orm, siteId, [...missing])
    for (const [h, v] of more) pieces.set(h, v)
  }
  const out = new Map<string, unknown>()
  const memo = new Map<string, unknown>()
  for (const h of roots) out.set(h, expand({ [REF]: h }, pieces, memo))
  return out
}

function collectRefs(node: unknown, fn: (ref: string) => unknown): void {
  const ref = refOf(node)
  if (ref !== null) return void fn(ref)
  if (Array.isArray(node)) for (const v of node) collectRefs(v, fn)
  else if (node !== null && typeof node === 'object') for (const v of Object.values(node)) collectRefs(v, fn)
}

function walkMissing(hash: string, pieces: Map<string, unknown>, missing: Set<string>, seen: Set<string>): void {
  if (seen.has(hash)) return
  seen.add(hash)
  if (!pieces.has(hash)) return void missing.add(hash)
  collectRefs(pieces.get(hash), (ref) => walkMissing(ref, pieces, missing, seen))
}

function expand(node: unknown, pieces: Map<string, unknown>, memo: Map<string, unknown>): unknown {
  const ref = refOf(node)
  if (ref !== null) {
    if (memo.has(ref)) return memo.get(ref)
    if (!pieces.has(ref)) throw new Error(`history piece ${ref} is missing`)
    const v = expand(pieces.get(ref), pieces, memo)
    memo.set(ref, v)
    return v
  }
  if (Array.isArray(node)) return node.map((v) => expand(v, pieces, memo))
  if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, expand(v, pieces, memo)]))
  return node
}
