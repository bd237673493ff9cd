import { describe, expect, it } from 'vitest'
import {
  blankVariant,
  buildMatrix,
  bulkSet,
  combinationCount,
  combinations,
  variantLabel,
  type VariantDraft,
} from '../../src/commerce/variants.js'

const size = { name: 'Size', values: ['S', 'M'] }
const colour = { name: 'Colour', values: ['Red', 'Blue'] }

function draft(attributes: Record<string, string>, patch: Partial<VariantDraft> = {}): VariantDraft {
  return { ...blankVariant(attributes), ...patch }
}

function ok(result: ReturnType<typeof buildMatrix>): VariantDraft[] {
  if (!result.ok) throw new Error(result.message)
  return result.variants
}

describe('variants matrix', () => {
  it('makes every combination, first option slowest', () => {
    expect(combinations([size, colour])).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ])
    expect(combinationCount([size, colour, { name: 'Fit', values: ['A', 'B', 'C'] }])).toBe(12)
  })

  it('gives one default variant without options and ignores blank names, values and duplicates', () => {
    expect(combinations([])).toEqual([{}])
    expect(combinations([{ name: ' ', values: ['x'] }, { name: 'Size', values: ['S', ' ', 'S'] }])).toEqual([
      { Size: 'S' },
    ])
  })

  it('keeps the variants of combinations that still exist', () => {
    const s = draft({ Size: 'S' }, { sku: 'TS-S', price: '10.00', qtyInStock: '4' })
    const m = draft({ Size: 'M' }, { sku: 'TS-M', price: '12.00', qtyInStock: '0' })
    const out = ok(buildMatrix([{ name: 'Size', values: ['S', 'M', 'L'] }], [s, m]))
    expect(out.map((v) => v.sku)).toEqual(['TS-S', 'TS-M', ''])
    expect(out[0]!.key).toBe(s.key)
    expect(out[1]!.price).toBe('12.00')
    // A new value copies prices from the first variant and starts with no stock.
    expect(out[2]!.price).toBe('10.00')
    expect(out[2]!.qtyInStock).toBe('0')
  })

  it('copies prices from the variant a new option extends', () => {
    const s = draft({ Size: 'S' }, { sku: 'S1', price: '10.00', salePrice: '8.00', onSale: true, qtyInStock: '3' })
    const m = draft({ Size: 'M' }, { sku: 'M1', price: '12.00', qtyInStock: '5' })
    const out = ok(buildMatrix([size, colour], [s, m]))
    expect(out.map((v) => variantLabel(v.attributes, ['Size', 'Colour']))).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
    ])
    expect(out.map((v) => v.price)).toEqual(['10.00', '10.00', '12.00', '12.00'])
    expect(out.map((v) => v.onSale)).toEqual([true, true, false, false])
    expect(out.every((v) => v.sku === '' && v.qtyInStock === '0')).toBe(true)
  })

  it('collapses variants when an option is removed, keeping the first of each group', () => {
    const vs = ok(buildMatrix([size, colour], [draft({}, { price: '5.00' })])).map((v, i) => ({
      ...v,
      sku: `SKU${i}`,
    }))
    const out = ok(buildMatrix([size], vs))
    expect(out.map((v) => [v.sku, v.attributes])).toEqual([
      ['SKU0', { Size: 'S' }],
      ['SKU2', { Size: 'M' }],
    ])
  })

  it('refuses more than 10,000 variants and more than 6 options', () => {
    const big = [1, 2, 3].map((i) => ({ name: `O${i}`, values: Array.from({ length: 22 }, (_, j) => `v${j}`) }))
    const result = buildMatrix(big, [])
    expect(result).toEqual({ ok: false, message: 'These options make 10,648 variants; the limit is 10,000.' })
    const many = Array.from({ length: 7 }, (_, i) => ({ name: `O${i}`, values: ['a'] }))
    expect(buildMatrix(many, [])).toEqual({ ok: false, message: 'A product can have at most 6 options.' })
    expect(ok(buildMatrix([{ name: 'N', values: Array.from({ length: 100 }, (_, j) => `${j}`) }, { name: 'M', values: Array.from({ length: 100 }, (_, j) => `${j}`) }], [])).length).toBe(10_000)
  })

  it('bulk-sets the selected variants, or all when none is selected', () => {
    const vs = ok(buildMatrix([size], []))
    const one = bulkSet(vs, new Set([vs[1]!.key]), { price: '9.99', unlimited: true })
    expect(one.map((v) => [v.price, v.unlimited])).toEqual([
      ['', false],
      ['9.99', true],
    ])
    expect(bulkSet(vs, new Set(), { qtyInStock: '7' }).map((v) => v.qtyInStock)).toEqual(['7', '7'])
  })
})
