import { describe, expect, it } from 'vitest'
import { diff } from './diff.js'

describe('history diff', () => {
  it('names a changed text by its path and block ids', () => {
    const a = { layout: { sections: [{ id: 's1', blocks: [{ id: 'b1', html: '<p>Hello world</p>' }, { id: 'b2', html: 'x' }] }] } }
    const b = structuredClone(a)
    b.layout.sections[0]!.blocks[0]!.html = '<p>Hello there</p>'
    expect(diff(a, b)).toEqual([{ op: 'replace', path: '/layout/sections/[s1]/blocks/[b1]/html', from: '<p>Hello world</p>', to: '<p>Hello there</p>' }])
  })

  it('reports a block moved, added and removed', () => {
    const blocks = (ids: string[]) => ids.map((id) => ({ id }))
    const changes = diff({ blocks: blocks(['a', 'b', 'c', 'd']) }, { blocks: blocks(['b', 'c', 'a', 'e']) })
    expect(changes).toEqual([
      { op: 'remove', path: '/blocks/[d]', from: { id: 'd' } },
      { op: 'add', path: '/blocks/[e]', to: { id: 'e' } },
      { op: 'move', path: '/blocks/[a]', from: 0, to: 2 },
    ])
  })

  it('replaces arrays of other lengths whole and compares equal ones member by member', () => {
    expect(diff({ t: [1, 2] }, { t: [1, 2, 3] })).toEqual([{ op: 'replace', path: '/t', from: [1, 2], to: [1, 2, 3] }])
    expect(diff({ t: [1, 2] }, { t: [1, 5] })).toEqual([{ op: 'replace', path: '/t/1', from: 2, to: 5 }])
    expect(diff({ a: 1 }, { a: 1 })).toEqual([])
  })
})
