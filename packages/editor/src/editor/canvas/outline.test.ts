import { describe, expect, it } from 'vitest'
import type { PageDocument } from '../core/document.js'
import { moveBlockTo } from './canvasActions.js'
import { arrangementOf, containerOf, dropPlace, moveInArrangement, SECTION_PREFIX } from './outline.js'

const b = (id: string) => ({ id, type: 1001, typeName: 'text', value: {} })
const doc = { sections: [{ id: 's1', blocks: [b('a'), b('b'), b('c')] }, { id: 's2', blocks: [b('d')] }, { id: 's3', blocks: [] }] } as unknown as PageDocument

function apply(a: ReturnType<typeof arrangementOf>, id: string) {
  const place = dropPlace(doc, a, id)
  if (!place) return arrangementOf(doc)
  return arrangementOf(moveBlockTo.perform({ doc, selectedId: null }, { id, ...place }).doc)
}

describe('block outline arrangement', () => {
  it('finds the section of a block or of a section droppable', () => {
    const a = arrangementOf(doc)
    expect(a).toEqual({ s1: ['a', 'b', 'c'], s2: ['d'], s3: [] })
    expect(containerOf(a, 'd')).toBe('s2')
    expect(containerOf(a, `${SECTION_PREFIX}s3`)).toBe('s3')
    expect(containerOf(a, 'zz')).toBeNull()
  })

  it('moves within a section, across sections and into an empty section; the drop place reproduces it in the document', () => {
    const a = arrangementOf(doc)
    const down = moveInArrangement(a, 'a', 'c', true)
    expect(down.s1).toEqual(['b', 'c', 'a'])
    expect(apply(down, 'a')).toEqual(down)
    const up = moveInArrangement(a, 'c', 'a')
    expect(up.s1).toEqual(['c', 'a', 'b'])
    expect(apply(up, 'c')).toEqual(up)
    const across = moveInArrangement(a, 'b', 'd')
    expect(across).toEqual({ s1: ['a', 'c'], s2: ['b', 'd'], s3: [] })
    expect(apply(across, 'b')).toEqual(across)
    const empty = moveInArrangement(a, 'd', `${SECTION_PREFIX}s3`)
    expect(empty).toEqual({ s1: ['a', 'b', 'c'], s2: [], s3: ['d'] })
    expect(apply(empty, 'd')).toEqual(empty)
  })

  it('changes nothing for a drop in place', () => {
    const a = arrangementOf(doc)
    expect(moveInArrangement(a, 'b', 'c')).toBe(a)
    expect(dropPlace(doc, a, 'b')).toBeNull()
  })
})
