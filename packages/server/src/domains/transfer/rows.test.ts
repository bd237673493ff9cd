// Renewing ids on import: whole values, ids inside HTML, URLs and JSON documents, object keys (answers by field id),
// the site's file addresses moved to the new slug; strings that only look like ids are left alone.
import { describe, expect, it } from 'vitest'
import { idsOf, rewriter } from './rows.js'
import type { TransferRule } from './rows.js'

const A = 'a'.repeat(24)
const B = 'b'.repeat(24)
const X = '1'.repeat(24)
const Y = '2'.repeat(24)

describe('rewriter', () => {
  const rewrite = rewriter(new Map([[A, X], [B, Y]]), 'demo', 'copy')

  it('replaces mapped ids wherever they are, and moves file addresses to the new slug', () => {
    const row = {
      id: A,
      layout: { sections: [{ blocks: [{ value: { imageId: B, html: `<img src="/files/demo/${B}/a.jpg">` } }] }] },
      answers: { [A]: 'yes' },
      list: [A, 'keep', 3, null, true],
      ref: `test_${B}`,
    }
    expect(rewrite(row)).toEqual({
      id: X,
      layout: { sections: [{ blocks: [{ value: { imageId: Y, html: `<img src="/files/copy/${Y}/a.jpg">` } }] }] },
      answers: { [X]: 'yes' },
      list: [X, 'keep', 3, null, true],
      ref: `test_${Y}`,
    })
  })

  it('leaves unknown ids, other sites and look-alikes alone', () => {
    const other = 'c'.repeat(24)
    expect(rewrite({ a: other, b: `/files/demolition/${A}/x`, c: 'deadbeef' })).toEqual({ a: other, b: `/files/demolition/${X}/x`, c: 'deadbeef' })
  })
})

describe('idsOf', () => {
  it("takes the row's id and the rule's id columns (every id inside them)", () => {
    const rule = { ids: ['ref', 'cart_id'] } as unknown as TransferRule
    expect(idsOf({ id: A, ref: `test_${B}`, cart_id: null, other: X }, rule)).toEqual([A, B])
  })
})
