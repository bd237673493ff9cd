import { describe, expect, it } from 'vitest'
import { createEditorStore } from '../core/store.js'
import { selectBlock, updateBlock } from '../core/blockActions.js'
import type { Block, PageDocument } from '../core/document.js'
import { insertBlockAt, moveBlockTo, placeOf } from './canvasActions.js'

const text = (id: string): Block => ({ id, type: 1001, typeName: 'text', value: { html: `<p>${id}</p>` } })
const doc = (): PageDocument => ({ v: 2, sections: [{ id: 's1', blocks: [text('a'), text('b')] }, { id: 's2', blocks: [text('c')] }] })
const order = (d: PageDocument) => d.sections.map((s) => s.blocks.map((b) => b.id))

describe('canvas actions', () => {
  it('inserts a new block at a section and index, selects it, and undoes in one step', () => {
    const store = createEditorStore(doc())
    store.dispatch(insertBlockAt, { sectionId: 's2', index: 0, typeName: 'spacer' })
    const state = store.get().state
    expect(state.doc.sections[1]!.blocks[0]!.typeName).toBe('spacer')
    expect(state.selectedId).toBe(state.doc.sections[1]!.blocks[0]!.id)
    store.undo()
    expect(order(store.get().state.doc)).toEqual([['a', 'b'], ['c']])
  })

  it('moves a block within its section (index counted with the block in place) and across sections', () => {
    const store = createEditorStore(doc())
    store.dispatch(moveBlockTo, { id: 'a', sectionId: 's1', index: 2 })
    expect(order(store.get().state.doc)).toEqual([['b', 'a'], ['c']])
    store.dispatch(moveBlockTo, { id: 'a', sectionId: 's2', index: 1 })
    expect(order(store.get().state.doc)).toEqual([['b'], ['c', 'a']])
    expect(placeOf(store.get().state.doc, 'a')).toEqual({ sectionId: 's2', index: 1 })
    store.undo()
    expect(order(store.get().state.doc)).toEqual([['b', 'a'], ['c']])
  })

  it('leaves the document alone for a drop on the same place or an unknown section', () => {
    const store = createEditorStore(doc())
    const before = store.get().state
    store.dispatch(moveBlockTo, { id: 'a', sectionId: 's1', index: 0 })
    store.dispatch(moveBlockTo, { id: 'a', sectionId: 's1', index: 1 })
    store.dispatch(moveBlockTo, { id: 'a', sectionId: 'nope', index: 0 })
    expect(store.get().state).toBe(before)
    expect(store.get().canUndo).toBe(false)
  })

  it('keeps undo steps apart: creating a block, each typing burst, each setting change', () => {
    let now = 0
    const store = createEditorStore(doc(), () => now)
    store.dispatch(insertBlockAt, { sectionId: 's1', index: 0, typeName: 'text' })
    const id = store.get().state.selectedId!
    for (const t of ['H', 'He', 'Hel']) {
      now += 100
      store.dispatch(updateBlock, { id, value: { html: `<p>${t}</p>` }, field: 'html' })
    }
    now += 5000 // a pause ends the burst
    store.dispatch(updateBlock, { id, value: { html: '<p>Hello</p>' }, field: 'html' })
    store.undo()
    expect(store.get().state.doc.sections[0]!.blocks[0]!.value.html).toBe('<p>Hel</p>')
    store.undo()
    expect(store.get().state.doc.sections[0]!.blocks[0]!.value.html).toBe('<p></p>')
    store.undo()
    expect(order(store.get().state.doc)).toEqual([['a', 'b'], ['c']])
  })
})

describe('sections', () => {
  it('adds a section from a template, moves it, deletes it, each one undo step', async () => {
    const { addSection, deleteSection, moveSection } = await import('./sections.js')
    const store = createEditorStore(doc())
    store.dispatch(addSection, { index: 2, template: 'hero' })
    const added = store.get().state.doc.sections[2]!
    expect(added.blocks.map((b) => b.typeName)).toEqual(['text', 'button'])
    expect(store.get().state.selectedId).toBe(added.blocks[0]!.id)
    store.dispatch(moveSection, { id: added.id, delta: -1 })
    expect(store.get().state.doc.sections.map((s) => s.id)).toEqual(['s1', added.id, 's2'])
    store.dispatch(deleteSection, { id: 's1' })
    expect(store.get().state.doc.sections.map((s) => s.id)).toEqual([added.id, 's2'])
    store.undo()
    store.undo()
    store.undo()
    expect(order(store.get().state.doc)).toEqual([['a', 'b'], ['c']])
  })

  it('keeps the last section of a page (emptied) when it is deleted', async () => {
    const { deleteSection } = await import('./sections.js')
    const store = createEditorStore({ v: 2, sections: [{ id: 'only', blocks: [text('x')] }] })
    store.dispatch(selectBlock, { id: 'x' })
    store.dispatch(deleteSection, { id: 'only' })
    expect(store.get().state.doc.sections).toEqual([{ id: 'only', blocks: [] }])
    expect(store.get().state.selectedId).toBeNull()
  })
})
