import { describe, expect, it } from 'vitest'
import { addBlock, deleteBlock, duplicateBlock, moveBlockDown, selectBlock, setBlockValue, updateBlock } from './blockActions.js'
import { allBlocks, emptyDocument } from './document.js'
import { createEditorStore } from './store.js'

function setup() {
  let t = 0
  const store = createEditorStore(emptyDocument(), () => t)
  return { store, tick: (ms: number) => (t += ms), blocks: () => allBlocks(store.get().state.doc) }
}

describe('editor store: undo/redo with the actions undo policies', () => {
  it('records each add as its own step and undoes/redoes them in order', () => {
    const { store, blocks } = setup()
    store.dispatch(addBlock, { typeName: 'text' })
    store.dispatch(addBlock, { typeName: 'spacer' })
    expect(blocks().map((b) => b.typeName)).toEqual(['text', 'spacer'])
    store.undo()
    expect(blocks().map((b) => b.typeName)).toEqual(['text'])
    store.undo()
    expect(blocks()).toEqual([])
    expect(store.get().canUndo).toBe(false)
    store.redo()
    store.redo()
    expect(blocks().map((b) => b.typeName)).toEqual(['text', 'spacer'])
    expect(store.get().canRedo).toBe(false)
  })

  it('merges typing in one field into one step, but not across fields, blocks or pauses', () => {
    const { store, tick, blocks } = setup()
    store.dispatch(addBlock, { typeName: 'button' })
    const id = blocks()[0]!.id
    for (const label of ['H', 'He', 'Hel', 'Hello']) {
      tick(100)
      store.dispatch(updateBlock, { id, field: 'label', value: { label } })
    }
    tick(100)
    store.dispatch(updateBlock, { id, field: 'url', value: { url: '/about' } })
    tick(5000)
    store.dispatch(updateBlock, { id, field: 'url', value: { url: '/about-us' } })
    store.undo()
    expect(blocks()[0]!.value).toMatchObject({ label: 'Hello', url: '/about' })
    store.undo()
    expect(blocks()[0]!.value).toMatchObject({ label: 'Hello', url: '/' })
    store.undo()
    expect(blocks()[0]!.value.label).toBe('Learn more')
  })

  it('does not record selection changes (skip) and a new edit clears the redo stack', () => {
    const { store, blocks } = setup()
    store.dispatch(addBlock, { typeName: 'text' })
    store.dispatch(addBlock, { typeName: 'code' })
    const [a] = blocks()
    store.dispatch(selectBlock, { id: a!.id })
    expect(store.get().state.selectedId).toBe(a!.id)
    store.undo()
    expect(blocks()).toHaveLength(1)
    expect(store.get().state.selectedId).toBe(a!.id)
    store.dispatch(setBlockValue, { id: a!.id, value: { html: '<p>x</p>' } })
    expect(store.get().canRedo).toBe(false)
  })

  it('moves, duplicates and deletes the selected block; no-op actions change nothing', () => {
    const { store, blocks } = setup()
    store.dispatch(addBlock, { typeName: 'text' })
    store.dispatch(addBlock, { typeName: 'image' })
    const first = blocks()[0]!.id
    const revision = store.get().revision
    store.dispatch(updateBlock, { id: first, value: { html: '<p></p>' } })
    expect(store.get().revision).toBe(revision)
    store.dispatch(moveBlockDown, { id: first })
    expect(blocks().map((b) => b.typeName)).toEqual(['image', 'text'])
    store.dispatch(moveBlockDown, { id: first })
    expect(blocks().map((b) => b.typeName)).toEqual(['image', 'text'])
    store.dispatch(duplicateBlock, { id: first })
    expect(blocks().map((b) => b.typeName)).toEqual(['image', 'text', 'text'])
    expect(new Set(blocks().map((b) => b.id)).size).toBe(3)
    store.dispatch(deleteBlock, {})
    expect(blocks()).toHaveLength(2)
    store.undo()
    store.undo()
    store.undo()
    expect(blocks().map((b) => b.typeName)).toEqual(['text', 'image'])
  })

  it('reset replaces the document and forgets the history', () => {
    const { store } = setup()
    store.dispatch(addBlock, { typeName: 'text' })
    store.reset(emptyDocument())
    expect(store.get().canUndo).toBe(false)
    expect(allBlocks(store.get().state.doc)).toEqual([])
  })
})
