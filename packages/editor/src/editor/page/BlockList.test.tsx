// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { addBlock } from '../core/blockActions.js'
import { allBlocks, emptyDocument } from '../core/document.js'
import { createEditorStore } from '../core/store.js'
import { click, render, type Rendered } from '../../../test/dom.js'
import { BlockList } from './BlockList.js'

let view: Rendered | undefined
afterEach(() => view?.unmount())

describe('block list tools', () => {
  it('draws move, duplicate and delete as SVG icons (a font glyph drew an empty box), and they act', async () => {
    const store = createEditorStore(emptyDocument())
    store.dispatch(addBlock, { typeName: 'text' })
    view = await render(<BlockList store={store} blocks={allBlocks(store.get().state.doc)} selectedId={null} />)
    const tools = Array.from(view.container.querySelectorAll<HTMLButtonElement>('.block-actions .tool'))
    expect(tools.map((b) => b.getAttribute('aria-label'))).toEqual(['Move Text block up', 'Move Text block down', 'Duplicate Text block', 'Delete Text block'])
    for (const b of tools) {
      expect(b.textContent).toBe('')
      expect(b.querySelector('svg [d], svg path, svg rect')).not.toBeNull()
    }
    await click(tools[2]!)
    expect(allBlocks(store.get().state.doc)).toHaveLength(2)
  })
})
