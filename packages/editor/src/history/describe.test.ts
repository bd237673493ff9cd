import { describe, expect, it } from 'vitest'
import { changeSummary, readableChanges, textOf, whoLine, wordDiff } from './describe.js'

const html = (s: string) => `/collection/[p1]/layout/sections/[s1]/blocks/[${s}]/value/html`

describe('history words', () => {
  it('says what a version changed from its paths', () => {
    expect(changeSummary({ changedPaths: [''], deleted: false, reason: 'autosave' })).toBe('Created')
    expect(changeSummary({ changedPaths: [], deleted: true, reason: 'autosave' })).toBe('Deleted')
    expect(changeSummary({ changedPaths: [html('b1'), '/collection/[p1]/updated_on'], deleted: false, reason: 'autosave' })).toBe('Changed text')
    expect(changeSummary({ changedPaths: [html('b1'), '/collection/[p1]/title', '/collection/[p1]/layout/sections/[s1]/blocks/[b2]'], deleted: false, reason: 'autosave' })).toBe('Changed text, title and blocks')
    expect(changeSummary({ changedPaths: ['/styles/0/styles/colors/palette/2/hex'], deleted: false, reason: 'restore' })).toBe('Changed colours')
    expect(changeSummary({ changedPaths: ['/pages/[p9]', '/pages/[p2]/ordering'], deleted: false, reason: 'autosave' })).toBe('Changed pages and order')
    expect(changeSummary({ changedPaths: ['/collection/[p1]/updated_at'], deleted: false, reason: 'autosave' })).toBe('Saved without changes')
  })

  it('says who and why', () => {
    expect(whoLine({ person: { id: 'o1', name: 'Ann', email: 'ann@example.com' }, reason: 'restore' })).toBe('Restored by Ann')
    expect(whoLine({ person: { id: 'o1', name: '', email: 'ann@example.com' }, reason: 'autosave' })).toBe('Saved by ann@example.com')
    expect(whoLine({ person: null, reason: 'import' })).toBe('Imported')
  })

  it('diffs text word by word', () => {
    expect(wordDiff('Alpha words here', 'Alpha new words here')).toEqual([
      { op: 'same', text: 'Alpha ' },
      { op: 'add', text: 'new ' },
      { op: 'same', text: 'words here' },
    ])
    expect(wordDiff('one two three', 'one four three')).toEqual([
      { op: 'same', text: 'one ' },
      { op: 'remove', text: 'two' },
      { op: 'add', text: 'four' },
      { op: 'same', text: ' three' },
    ])
    expect(textOf('<p>Fish &amp; chips</p><p>to go</p>')).toBe('Fish & chips to go')
  })

  it('reads a structured diff: text inline, moves, colours as swatches, added blocks, bookkeeping left out', () => {
    const changes = readableChanges([
      { op: 'replace', path: html('b1'), from: '<p>Alpha words</p>', to: '<p>Alpha words typed</p>' },
      { op: 'move', path: '/collection/[p1]/layout/sections/[s1]/blocks/[b2]', from: 0, to: 2 },
      { op: 'replace', path: '/styles/0/styles/colors/palette/2/hex', from: '#112233', to: '#ff0000' },
      { op: 'add', path: '/collection/[p1]/layout/sections/[s1]/blocks/[b3]', to: { id: 'b3', type: 2, value: { html: '<p>New block</p>' } } },
      { op: 'replace', path: '/collection/[p1]/updated_on', from: 'a', to: 'b' },
      { op: 'add', path: '/pages/[p9]', to: { id: 'p9', navigation: 'main', navigation_title: 'Prices' } },
    ])
    expect(changes).toEqual([
      { type: 'text', label: 'Text', parts: [{ op: 'same', text: 'Alpha words' }, { op: 'add', text: ' typed' }] },
      { type: 'move', label: 'A block moved' },
      { type: 'colour', label: 'styles › colors › palette › hex', from: '#112233', to: '#ff0000' },
      { type: 'block', label: 'Block added', op: 'add', text: 'New block' },
      { type: 'block', label: 'Added to pages', op: 'add', text: 'main Prices' },
    ])
  })
})
