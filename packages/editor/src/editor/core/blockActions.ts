// The block editor's actions. Positions are global indexes over all blocks of the document in section order.
import { createBlock } from '../blocks/catalog.js'
import { defineAction, type EditorState } from './actions.js'
import { allBlocks, newId, type Block, type BlockTypeName, type BlockValue, type PageDocument } from './document.js'

function locate(doc: PageDocument, id: string): { section: number; index: number } | null {
  for (let s = 0; s < doc.sections.length; s++) {
    const index = doc.sections[s]!.blocks.findIndex((b) => b.id === id)
    if (index >= 0) return { section: s, index }
  }
  return null
}

function withBlocks(doc: PageDocument, section: number, blocks: Block[]): PageDocument {
  return { ...doc, sections: doc.sections.map((s, i) => (i === section ? { ...s, blocks } : s)) }
}

function clampIndex(i: number, length: number): number {
  return Math.max(0, Math.min(length, i))
}

export const addBlock = defineAction<{ typeName: BlockTypeName; index?: number; block?: Block }>({
  name: 'addBlock',
  label: 'Add block',
  undo: 'record',
  perform(state, { typeName, index, block }) {
    const blocks = state.doc.sections[0]?.blocks ?? []
    const created = block ?? createBlock(typeName)
    const at = clampIndex(index ?? blocks.length, blocks.length)
    const next = [...blocks.slice(0, at), created, ...blocks.slice(at)]
    return { doc: withBlocks(state.doc, 0, next), selectedId: created.id }
  },
})

export const updateBlock = defineAction<{ id: string; value: BlockValue; field?: string }>({
  name: 'updateBlock',
  label: 'Edit block',
  undo: 'merge-with-previous',
  mergeKey: ({ id, field }) => `${id}:${field ?? ''}`,
  perform(state, { id, value }) {
    const at = locate(state.doc, id)
    if (!at) return state
    const blocks = state.doc.sections[at.section]!.blocks
    const block = blocks[at.index]!
    const merged = { ...block.value, ...value }
    if (Object.keys(value).every((k) => Object.is(block.value[k], value[k]))) return state
    const next = blocks.map((b, i) => (i === at.index ? { ...b, value: merged } : b))
    return { ...state, doc: withBlocks(state.doc, at.section, next) }
  },
})

/** A discrete change (a toggle, a picked file): always its own undo step. */
export const setBlockValue = defineAction<{ id: string; value: BlockValue }>({
  ...updateBlock,
  name: 'setBlockValue',
  label: 'Change block',
  undo: 'record',
  mergeKey: undefined,
})

export const moveBlock = defineAction<{ id: string; to: number }>({
  name: 'moveBlock',
  label: 'Move block',
  undo: 'record',
  perform(state, { id, to }) {
    const at = locate(state.doc, id)
    if (!at) return state
    const blocks = [...state.doc.sections[at.section]!.blocks]
    const target = clampIndex(to, blocks.length - 1)
    if (target === at.index) return state
    const [block] = blocks.splice(at.index, 1)
    blocks.splice(target, 0, block!)
    return { ...state, doc: withBlocks(state.doc, at.section, blocks) }
  },
})

function moveBy(state: EditorState, id: string | undefined, delta: number): EditorState {
  const target = id ?? state.selectedId
  if (!target) return state
  const at = locate(state.doc, target)
  if (!at) return state
  return moveBlock.perform(state, { id: target, to: at.index + delta })
}

export const moveBlockUp = defineAction<{ id?: string }>({
  name: 'moveBlockUp',
  label: 'Move block up',
  shortcut: 'Alt+ArrowUp',
  undo: 'record',
  perform: (state, { id }) => moveBy(state, id, -1),
})

export const moveBlockDown = defineAction<{ id?: string }>({
  name: 'moveBlockDown',
  label: 'Move block down',
  shortcut: 'Alt+ArrowDown',
  undo: 'record',
  perform: (state, { id }) => moveBy(state, id, 1),
})

export const duplicateBlock = defineAction<{ id?: string }>({
  name: 'duplicateBlock',
  label: 'Duplicate block',
  shortcut: 'Mod+Shift+D',
  undo: 'record',
  perform(state, { id }) {
    const target = id ?? state.selectedId
    const at = target ? locate(state.doc, target) : null
    if (!at) return state
    const blocks = state.doc.sections[at.section]!.blocks
    const copy: Block = { ...structuredClone(blocks[at.index]!), id: newId() }
    const next = [...blocks.slice(0, at.index + 1), copy, ...blocks.slice(at.index + 1)]
    return { doc: withBlocks(state.doc, at.section, next), selectedId: copy.id }
  },
})

export const deleteBlock = defineAction<{ id?: string }>({
  name: 'deleteBlock',
  label: 'Delete block',
  shortcut: 'Mod+Shift+Backspace',
  undo: 'record',
  perform(state, { id }) {
    const target = id ?? state.selectedId
    const at = target ? locate(state.doc, target) : null
    if (!at) return state
    const blocks = state.doc.sections[at.section]!.blocks
    const next = blocks.filter((_, i) => i !== at.index)
    const neighbour = next[Math.min(at.index, next.length - 1)]
    return { doc: withBlocks(state.doc, at.section, next), selectedId: neighbour?.id ?? null }
  },
})

export const selectBlock = defineAction<{ id: string | null }>({
  name: 'selectBlock',
  label: 'Select block',
  undo: 'skip',
  perform: (state, { id }) => (state.selectedId === id ? state : { ...state, selectedId: id }),
})

/** Actions reachable from the keyboard while the block list has focus. */
export const KEYBOARD_ACTIONS = [moveBlockUp, moveBlockDown, duplicateBlock, deleteBlock] as const

export function blockCount(doc: PageDocument): number {
  return allBlocks(doc).length
}
