// References an import cannot leave to the database: columns and JSON documents naming another row of the site with
// no foreign key to check them (a comment's item, a form block's form, a variant's image). Ids are renewed only for
// rows the archive holds; any other id would stay as written and could name a row of another site on this instance
// (or nothing at all: a comment whose item was deleted). Each such reference to a row the archive does not hold is
// dealt with as its rule says (`TransferRule.refs`):
//   null    the reference is dropped (the column set to null): a product without its social image
//   drop    the row is left out: a comment or like on a missing item (its id is then missing for later tables too)
//   refuse  the import is refused, naming the table and column: a product outside any store page, a paywall
//           pointing at an unknown product (dropping either would change what the site sells or who may read)
// and in the documents a rule names (`TransferRule.docs`: layouts, settings), a member `...Id` naming such a row is
// removed, a `...Ids` list loses it, and the nearest list element holding it (a layout's block, a menu entry) is
// left out, since a block is only what it points at. Only 24-hex ids are considered (what this app's ids are).
import type { Row, TransferRule } from './rows.js'
import { damaged } from './tar.js'

const HEX_ID = /^[0-9a-f]{24}$/

export interface ReferenceCheck {
  /** The old ids of the rows the archive holds (and keeps), and the source site's. */
  held: Set<string>
  /** What was left out or dropped, per table: shown to the importing owner. */
  dropped: Map<string, number>
}

const orphan = (held: ReadonlySet<string>, v: unknown): v is string => typeof v === 'string' && HEX_ID.test(v) && !held.has(v)

function note(check: ReferenceCheck, what: string): void {
  check.dropped.set(what, (check.dropped.get(what) ?? 0) + 1)
}

/** A document with its references to missing rows removed; `lost` when a member naming one was taken out. */
export function pruneDocument(value: unknown, held: ReadonlySet<string>, key = ''): { value: unknown; lost: boolean; removed: number } {
  if (Array.isArray(value)) {
    let removed = 0
    const out: unknown[] = []
    for (const el of value) {
      if (key.endsWith('Ids') && orphan(held, el)) {
        removed++
        continue
      }
      const r = pruneDocument(el, held)
      removed += r.removed
      if (r.lost) removed++
      else out.push(r.value)
    }
    return { value: out, lost: false, removed }
  }
  if (value && typeof value === 'object') {
    let lost = false
    let removed = 0
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      if (k.endsWith('Id') && orphan(held, v)) {
        lost = true
        continue
      }
      const r = pruneDocument(v, held, k)
      removed += r.removed
      lost ||= r.lost
      out[k] = r.value
    }
    return { value: out, lost, removed }
  }
  return { value, lost: false, removed: 0 }
}

/**
 * The rows of one table as the import inserts them: references to missing rows dealt with (see above), rows left out
 * removed from `held`. Throws archive_damaged for a `refuse` reference.
 */
export function checkRows(rule: TransferRule, table: string, rows: Row[], check: ReferenceCheck): Row[] {
  const out: Row[] = []
  for (const row of rows) {
    let keep = true
    for (const ref of rule.refs ?? []) {
      if (!orphan(check.held, row[ref.column])) continue
      if (ref.missing === 'refuse') throw damaged(`${table}.${ref.column} names data that is not in the archive`)
      if (ref.missing === 'drop') keep = false
      else row[ref.column] = null
      note(check, table)
    }
    if (!keep) {
      if (typeof row.id === 'string') check.held.delete(row.id)
      continue
    }
    for (const col of rule.docs ?? []) {
      if (row[col] == null) continue
      const r = pruneDocument(row[col], check.held, col.endsWith('_ids') ? 'Ids' : col)
      if (r.removed || r.lost) {
        row[col] = r.value
        for (let i = 0; i < r.removed + (r.lost ? 1 : 0); i++) note(check, table)
      }
    }
    out.push(row)
  }
  return out
}
