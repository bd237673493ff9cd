// The block outline's arrangement (pure): the blocks of each section as id lists, moving one block between or within
// those lists while it is dragged, and the move action's place for where it was dropped.
import type { PageDocument } from '../core/document.js'
import type { Place } from './canvasActions.js'

export type Arrangement = Record<string, string[]>

/** Droppable id of a section's list (block ids never start with it). */
export const SECTION_PREFIX = 'section:'

export function arrangementOf(doc: PageDocument): Arrangement {
  return Object.fromEntries(doc.sections.map((s) => [s.id, s.blocks.map((b) => b.id)]))
}

/** The section holding `id` (a block id, or a section's droppable id). */
export function containerOf(a: Arrangement, id: string): string | null {
  if (id.startsWith(SECTION_PREFIX)) {
    const s = id.slice(SECTION_PREFIX.length)
    return s in a ? s : null
  }
  return Object.keys(a).find((s) => a[s]!.includes(id)) ?? null
}

/**
 * `active` moved to where `over` is: before the block `over` (after it when `after`), or at the end of the section
 * `over` names. The same arrangement object when nothing changes.
 */
export function moveInArrangement(a: Arrangement, active: string, over: string, after = false): Arrangement {
  const from = containerOf(a, active)
  const to = containerOf(a, over)
  if (!from || !to || active === over) return a
  const without = a[to]!.filter((x) => x !== active)
  let index = over.startsWith(SECTION_PREFIX) ? without.length : without.indexOf(over) + (after ? 1 : 0)
  if (index < 0) index = without.length
  const target = [...without.slice(0, index), active, ...without.slice(index)]
  if (from === to && target.every((x, i) => x === a[to]![i])) return a
  return { ...a, ...(from !== to ? { [from]: a[from]!.filter((x) => x !== active) } : {}), [to]: target }
}

/**
 * The moveBlockTo place that puts `id` where it is in `a`, or null when it is where the document has it.
 * (moveBlockTo counts the index with the block still in its old place.)
 */
export function dropPlace(doc: PageDocument, a: Arrangement, id: string): Place | null {
  const sectionId = containerOf(a, id)
  if (!sectionId) return null
  const index = a[sectionId]!.indexOf(id)
  const from = doc.sections.find((s) => s.blocks.some((b) => b.id === id))
  if (!from) return null
  const fromIndex = from.blocks.findIndex((b) => b.id === id)
  if (from.id === sectionId) {
    if (index === fromIndex) return null
    return { sectionId, index: index > fromIndex ? index + 1 : index }
  }
  return { sectionId, index }
}
