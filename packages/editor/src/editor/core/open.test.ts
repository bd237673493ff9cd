import { describe, expect, it } from 'vitest'
import { toLayout } from './layout.js'
import { openEditable as restore } from './open.js'
import { isRichTextHtml } from './richtext.js'

describe('openEditable() opens every stored shape as the current document', () => {
  it('v0: a bare array of blocks, with type ids only and legacy values', () => {
    const doc = restore([
      { id: 'a', type: 23, value: { text: 'print(1)', lineNumbers: 'true' } },
      { type: 21, value: { height: 5000 } },
      { typeName: 'text', value: { text: 'Hello <you>\n\nSecond' } },
      { type: 5, value: { image: { id: 'img1', assetUrl: '/x' } } },
      { nonsense: true },
    ])
    expect(doc.v).toBe(2)
    const [code, spacer, text, image] = doc.sections[0]!.blocks
    expect(doc.sections[0]!.blocks).toHaveLength(4)
    expect(code).toMatchObject({ id: 'a', typeName: 'code', value: { code: 'print(1)', lineNumbers: true } })
    expect(code!.value).not.toHaveProperty('text')
    expect(spacer!.value.height).toBe(1000)
    expect(spacer!.id).toMatch(/^b/)
    expect(text!.value).toEqual({ html: '<p>Hello &lt;you&gt;</p><p>Second</p>' })
    expect(image!.value.imageId).toBe('img1')
    expect(image!.value).not.toHaveProperty('image')
  })

  it('v1: { blocks } with a gallery of items and no options gets ids and the gallery defaults', () => {
    const doc = restore({ blocks: [{ id: 'g', typeName: 'gallery', value: { items: [{ id: 'i1' }, 'i2'] } }] })
    const value = doc.sections[0]!.blocks[0]!.value
    expect(value.imageIds).toEqual(['i1', 'i2'])
    expect(value.options).toMatchObject({ design: 'grid', 'thumbnails-per-row': 4, padding: 20, 'aspect-ratio': '1:1', lightboxTheme: 'dark' })
  })

  it('v2: text blocks round-trip as text; html the rich-text editor can hold opens (and saves) as text; other html stays html', () => {
    const stored = {
      v: 2,
      sections: [
        {
          id: 's1',
          blocks: [
            { id: 't', type: 2, value: { html: '<h2 style="text-align: center">Hi</h2><p><a href="/x" target="_blank">x</a></p>' } },
            { id: 'h', type: 2, value: { html: '<div class="promo"><iframe src="https://e.com"></iframe></div>' } },
            { id: 'r', type: 1001, value: { html: '<p>Rich</p>' } },
          ],
        },
      ],
    }
    const doc = restore(stored)
    expect(doc.sections[0]!.blocks.map((b) => b.typeName)).toEqual(['text', 'html', 'text'])
    const [t, h, r] = stored.sections[0]!.blocks
    expect(toLayout(doc)).toEqual({ sections: [{ id: 's1', blocks: [{ ...t, type: 1001 }, h, r] }] })
    expect(toLayout(restore(toLayout(doc)))).toEqual(toLayout(doc))
  })

  it('keeps blocks of types it cannot edit, gives duplicate ids new ones, and never returns no section', () => {
    const doc = restore({ sections: [{ blocks: [{ id: 'x', type: 67, value: { goal: 5 } }, { id: 'x', type: 2, value: {} }] }] })
    const [kept, dup] = doc.sections[0]!.blocks
    expect(kept).toMatchObject({ id: 'x', typeName: 'type-67', type: 67, value: { goal: 5 } })
    expect(toLayout(doc).sections[0]!.blocks[0]).toEqual({ id: 'x', type: 67, value: { goal: 5 } })
    expect(dup!.id).not.toBe('x')
    expect(restore(null).sections).toHaveLength(1)
    expect(restore('garbage').sections[0]!.blocks).toEqual([])
  })

  it('saves only complete blocks, without empty links or ids', () => {
    const doc = restore([
      { id: 'v', type: 32, value: { url: '' } },
      { id: 'i', type: 5, value: { imageId: 'f1', link: '', caption: '' } },
    ])
    expect(toLayout(doc).sections[0]!.blocks).toEqual([
      { id: 'i', type: 5, value: { imageId: 'f1', caption: '', newWindow: false, alignment: 'center' } },
    ])
  })
})

describe('isRichTextHtml', () => {
  it('accepts what the text editor makes and refuses anything else', () => {
    expect(isRichTextHtml('<p>a <strong>b</strong> <em>c</em> <u>d</u></p><ul><li><p>x</p></li></ul><blockquote><p>q</p></blockquote>')).toBe(true)
    expect(isRichTextHtml('')).toBe(true)
    expect(isRichTextHtml('<p onclick="x()">a</p>')).toBe(false)
    expect(isRichTextHtml('<p style="color: red">a</p>')).toBe(false)
    expect(isRichTextHtml('<img src="x">')).toBe(false)
    expect(isRichTextHtml('<table></table>')).toBe(false)
  })
})
