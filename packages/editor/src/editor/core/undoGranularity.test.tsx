// @vitest-environment jsdom
// Undo granularity of the canvas editor: creating a block, each typing burst and each setting change are separate
// undo steps (typing merges only within a burst: same block and field, pauses under MERGE_WINDOW_MS).
import { describe, expect, it } from 'vitest'
import { byLabel, choose, render } from '../../../test/dom.js'
import { FieldsEditor } from '../blocks/editors/FieldsEditor.js'
import { FIELD_SPECS } from '../blocks/fieldSpecs.js'
import { addBlock, setBlockValue, updateBlock } from './blockActions.js'
import type { BlockValue } from './document.js'
import { allBlocks, emptyDocument } from './document.js'
import { createEditorStore, MERGE_WINDOW_MS } from './store.js'

function setup() {
  let t = 0
  const store = createEditorStore(emptyDocument(), () => t)
  return { store, tick: (ms: number) => (t += ms), blocks: () => allBlocks(store.get().state.doc) }
}

describe('undo granularity', () => {
  it('creating a block, each typing burst and each setting change undo one at a time', () => {
    const { store, tick, blocks } = setup()
    store.dispatch(addBlock, { typeName: 'text' })
    const id = blocks()[0]!.id
    const type = (text: string) => {
      for (let i = 1; i <= text.length; i++) {
        tick(120)
        store.dispatch(updateBlock, { id, field: 'html', value: { html: `<p>${text.slice(0, i)}</p>` } })
      }
    }
    type('Hello') // typed right after creating: still its own step
    tick(MERGE_WINDOW_MS + 500)
    type('Hello world') // a second burst after a pause
    tick(100)
    store.dispatch(setBlockValue, { id, value: { alignment: 'left' } }) // a setting right after typing
    tick(100)
    store.dispatch(setBlockValue, { id, value: { alignment: 'right' } }) // another, quickly
    expect(blocks()[0]!.value).toMatchObject({ html: '<p>Hello world</p>', alignment: 'right' })
    store.undo()
    expect(blocks()[0]!.value).toMatchObject({ alignment: 'left' })
    store.undo()
    expect(blocks()[0]!.value.alignment).toBeUndefined()
    expect(blocks()[0]!.value.html).toBe('<p>Hello world</p>')
    store.undo()
    expect(blocks()[0]!.value.html).toBe('<p>Hello</p>')
    store.undo()
    expect(blocks()).toHaveLength(1)
    expect(blocks()[0]!.value.html).not.toContain('Hello')
    store.undo()
    expect(blocks()).toHaveLength(0)
    expect(store.get().canUndo).toBe(false)
  })

  it('the settings panel sends a chosen setting as its own step and typing as a mergeable change', async () => {
    const changes: string[] = []
    const sets: BlockValue[] = []
    const r = await render(<FieldsEditor fields={FIELD_SPECS.image!} value={{ caption: '', alignment: 'center' }} onChange={(_p, key) => changes.push(key)} onSet={(p) => sets.push(p)} />)
    await choose(byLabel<HTMLSelectElement>(r.container, 'Alignment'), 'left')
    await choose(byLabel<HTMLSelectElement>(r.container, 'Alignment'), 'right')
    expect(sets).toEqual([{ alignment: 'left' }, { alignment: 'right' }])
    expect(changes).toEqual([])
    r.unmount()
  })
})
