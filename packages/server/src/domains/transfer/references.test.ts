// References no foreign key covers (references.ts): what an import keeps, clears, leaves out and refuses.
import { describe, expect, it } from 'vitest'
import { commerceTables } from '../commerce/index.js'
import { checkRows, pruneDocument } from './references.js'
import type { TransferRule } from './rows.js'

const A = 'a'.repeat(24) // held by the archive
const B = 'b'.repeat(24) // another site's row
const C = 'c'.repeat(24)

describe('references no foreign key covers', () => {
  it('documents: an orphan ...Id member goes, ...Ids lists lose it, the list element holding it is left out', () => {
    const layout = {
      sections: [{ id: 's1', blocks: [{ id: 'b1', value: { formId: B } }, { id: 'b2', value: { imageIds: [A, B], imageId: A } }, { id: 'b3', value: { html: B } }] }],
      iconImageId: B,
    }
    const r = pruneDocument(layout, new Set([A]))
    expect(r.value).toEqual({ sections: [{ id: 's1', blocks: [{ id: 'b2', value: { imageIds: [A], imageId: A } }, { id: 'b3', value: { html: B } }] }] })
    expect(r.removed).toBe(2) // the form block, one image id; the top-level icon is `lost`
    expect(r.lost).toBe(true)
    expect(pruneDocument([A, B], new Set([A]), 'Ids').value).toEqual([A])
  })

  it('rows: null clears, drop leaves the row out (and its id for later tables), refuse names table and column', () => {
    const rule: TransferRule = { table: commerceTables.products, kind: 'content', reason: 'x', refs: [{ column: 'social_image_id', missing: 'null' }] }
    const check = { held: new Set([A, C]), dropped: new Map<string, number>() }
    expect(checkRows(rule, 'p', [{ id: A, social_image_id: B }, { id: C, social_image_id: A }], check)).toEqual([
      { id: A, social_image_id: null },
      { id: C, social_image_id: A },
    ])
    const dropRule: TransferRule = { ...rule, refs: [{ column: 'item_id', missing: 'drop' }] }
    expect(checkRows(dropRule, 'c', [{ id: C, item_id: B }], check)).toEqual([])
    expect(check.held.has(C)).toBe(false)
    expect(check.dropped).toEqual(new Map([['p', 1], ['c', 1]]))
    const refuseRule: TransferRule = { ...rule, refs: [{ column: 'collection_id', missing: 'refuse' }] }
    expect(() => checkRows(refuseRule, 'commerce_products', [{ id: A, collection_id: B }], check)).toThrow('commerce_products.collection_id names data that is not in the archive')
    expect(checkRows(refuseRule, 'commerce_products', [{ id: A, collection_id: A }, { id: A, collection_id: 'not-an-id' }], check)).toHaveLength(2)
  })
})
