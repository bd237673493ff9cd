import { describe, expect, it } from 'vitest'
import { toLayout } from './document.js'
import { restore } from './restore.js'

describe('restore() upgrades every stored shape to the current document', () => {
  it('v0: a bare array of blocks, with type ids only and legacy code/text values', () => {
    const doc = restore([
      { id: 'a', type: 23, value: { text: 'print(1)', lineNumbers: 'true' } },
      { type: 21, value: { height: 5000 } },
      { typeName: 'text', value: { text: 'Hello <you>\n\nSecond' } },
      { nonsense: true },
    ])
    expect(doc.version).toBe(2)
    const [code, spacer, text] = doc.sections[0]!.blocks
    expect(doc.sections[0]!.blocks).toHaveLength(3)
    expect(code).toMatchObject({ id: 'a', typeName: 'code', value: { code: 'print(1)', lineNumbers: true } })
    expect(code!.value).not.toHaveProperty('text')
    expect(spacer!.value.height).toBe(1000)
    expect(spacer!.id).toMatch(/^b/)
    expect(text!.value.html).toBe('<p>Hello &lt;you&gt;</p><p>Second</p>')
  })

  it('v1: { blocks } with a gallery lacking options gets the SPEC defaults', () => {
    const doc = restore({ blocks: [{ id: 'g', typeName: 'gallery', value: { items: [] } }] })
    expect(doc.sections[0]!.blocks[0]!.value.options).toMatchObject({
      design: 'grid',
      'thumbnails-per-row': 4,
      padding: 20,
      'aspect-ratio': 'square',
      lightboxTheme: 'dark',
    })
  })

  it('v2: rich text saved as an html block comes back as a text block and round-trips', () => {
    const stored = {
      sections: [
        { id: 's1', blocks: [{ id: 't', type: 2, typeName: 'html', value: { html: '<p>x</p>', editor: 'rich-text' } }] },
      ],
    }
    const doc = restore(stored)
    expect(doc.sections[0]!.blocks[0]).toMatchObject({ id: 't', typeName: 'text' })
    expect(toLayout(doc)).toEqual(stored)
  })

  it('keeps blocks of types it cannot edit, gives duplicate ids new ones, and never returns no section', () => {
    const doc = restore({ sections: [{ blocks: [{ id: 'x', typeName: 'donation', type: 52, value: { goal: 5 } }, { id: 'x', type: 2, value: {} }] }] })
    const [kept, dup] = doc.sections[0]!.blocks
    expect(kept).toMatchObject({ id: 'x', typeName: 'donation', type: 52, value: { goal: 5 } })
    expect(dup!.id).not.toBe('x')
    expect(restore(null).sections).toHaveLength(1)
    expect(restore('garbage').sections[0]!.blocks).toEqual([])
  })
})
