// Canvas actions addressing a place by section and index: insert a block there (the "+" insert points and dropped
// images) and move a block there (drag and drop, also across sections). Each is its own undo step.
import { createBlock } from '../blocks/catalog.js'
import { defineAction, type EditorState } from '../core/actions.js'
import type { Block, BlockTypeName, PageDocument } from '../core/document.js'

export interface Place {
  sectionId: string
  index: number
}

function placeBlock(doc: PageDocument, block: Block, place: Place): PageDocument | null {
  const s = doc.sections.findIndex((x) => x.id === place.sectionId)
  if (s < 0) return null
  return {
    ...doc,
    sections: doc.sections.map((x, i) => {
      if (i !== s) return x
      const at = Math.max(0, Math.min(place.index, x.blocks.length))
      return { ...x, blocks: [...x.blocks.slice(0, at), block, ...x.blocks.slice(at)] }
    }),
  }
}

export const insertBlockAt = defineAction<Place & { typeName: BlockTypeName; block?: Block }>({
  name: 'insertBlockAt',
  label: 'Add block',
  undo: 'record',
  perform(state, { typeName, block, ...place }): EditorState {
    const created = block ?? createBlock(typeName)
    const doc = placeBlock(state.doc, created, place)
    return doc ? { doc, selectedId: created.id } : state
  },
})

export const moveBlockTo = defineAction<Place & { id: string }>({
  name: 'moveBlockTo',
  label: 'Move block',
  undo: 'record',
  perform(state, { id, sectionId, index }): EditorState {
    const from = state.doc.sections.findIndex((s) => s.blocks.some((b) => b.id === id))
    if (from < 0) return state
    const fromIndex = state.doc.sections[from]!.blocks.findIndex((b) => b.id === id)
    const block = state.doc.sections[from]!.blocks[fromIndex]!
    const sameSection = state.doc.sections[from]!.id === sectionId
    // the index is counted with the block still in place; once taken out, later places shift by one
    const target = sameSection && index > fromIndex ? index - 1 : index
    if (sameSection && target === fromIndex) return state
    const without: PageDocument = { ...state.doc, sections: state.doc.sections.map((s, i) => (i === from ? { ...s, blocks: s.blocks.filter((b) => b.id !== id) } : s)) }
    const doc = placeBlock(without, block, { sectionId, index: target })
    return doc ? { doc, selectedId: id } : state
  },
})

/** Where a block is: its section and index there. */
export function placeOf(doc: PageDocument, id: string): Place | null {
  for (const s of doc.sections) {
    const index = s.blocks.findIndex((b) => b.id === id)
    if (index >= 0) return { sectionId: s.id, index }
  }
  return null
}
