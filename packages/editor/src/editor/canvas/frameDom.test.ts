// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { PageDocument } from '../core/document.js'
import { patchContent, syncOrder } from './frameDom.js'

const page = (heading: string, other: string, cls = 'section') => `<!doctype html><html><body><main id="content">
  <section data-section-id="s1" class="${cls}"><div class="layout-section-inner">
    <div class="block" data-block-id="a"><div class="rich-text">${heading}</div></div>
    <div class="block" data-block-id="b"><div class="rich-text">${other}</div></div>
  </div></section>
  <section data-section-id="s2"><div class="layout-section-inner"><div class="block" data-block-id="c">Third</div></div></section>
</main></body></html>`

describe('patchContent', () => {
  it('keeps the block being edited, and the focus in it, while the rest takes the fresh render', () => {
    document.body.innerHTML = page('<h2>Old heading</h2>', '<p>Old text</p>')
    const editable = document.createElement('div')
    editable.contentEditable = 'true'
    editable.tabIndex = 0
    editable.textContent = 'Typed so far'
    const host = document.querySelector('[data-block-id="a"] .rich-text')!
    host.replaceChildren(editable)
    editable.focus()
    expect(document.activeElement).toBe(editable)
    patchContent(document, page('<h2>Saved heading</h2>', '<p>New text</p>', 'section wide'), 'a')

    // a focused element taken out of the document, even for a moment, loses the focus to <body>
    expect(editable.isConnected).toBe(true)
    expect(document.activeElement).toBe(editable)
    expect(document.querySelector('[data-block-id="b"]')!.textContent).toBe('New text')
    expect(document.querySelector('[data-section-id="s1"]')!.className).toBe('section wide')
    expect(Array.from(document.querySelectorAll('[data-block-id]')).map((e) => (e as HTMLElement).dataset.blockId)).toEqual(['a', 'b', 'c'])
  })

  it('takes the whole fresh render when nothing is edited, and when the edited block moved elsewhere', () => {
    const d = document
    d.body.innerHTML = page('<h2>One</h2>', '<p>Two</p>')
    patchContent(d, page('<h2>Uno</h2>', '<p>Dos</p>'), null)
    expect(d.querySelector('[data-block-id="a"]')!.textContent).toBe('Uno')
    const kept = d.querySelector('[data-block-id="c"]')!
    patchContent(d, page('<h2>Eins</h2>', '<p>Zwei</p>').replace('<section data-section-id="s2">', '<div class="row"><section data-section-id="s2">').replace('</section>\n</main>', '</section></div>\n</main>'), 'c')
    expect(d.querySelector('[data-block-id="c"]')).toBe(kept)
    expect(d.querySelector('[data-block-id="a"]')!.textContent).toBe('Eins')
  })
})

describe('syncOrder', () => {
  const text = (id: string) => ({ id, type: 1001, typeName: 'text', value: {} })
  const order = () => Array.from(document.querySelectorAll('[data-block-id]')).map((e) => (e as HTMLElement).dataset.blockId)

  it('puts the blocks in the document order around the block being typed in, which keeps the focus', () => {
    document.body.innerHTML = page('<h2>Heading</h2>', '<p>Other</p>')
    const typing = document.querySelector<HTMLElement>('[data-block-id="a"]')!
    typing.tabIndex = 0
    typing.focus()
    const doc = { sections: [{ id: 's1', blocks: [text('b'), text('a'), text('new')] }, { id: 's2', blocks: [text('c')] }] } as unknown as PageDocument
    syncOrder(document, doc)
    expect(order()).toEqual(['b', 'a', 'new', 'c'])
    expect(document.activeElement).toBe(typing)
    expect(document.querySelector('[data-block-id="new"]')!.className).toBe('block sw-pending')
    // in order already: nothing moves
    const before = document.querySelector('[data-block-id="b"]')
    syncOrder(document, doc)
    expect(document.querySelector('[data-block-id="b"]')).toBe(before)
    expect(document.activeElement).toBe(typing)
  })
})
