// Commerce helpers against the corpus's helper data (plugins/*.json): section names carry the expected answer.
import { describe, expect, it } from 'vitest'
import {
  getItemVariantOptions, hasVariants, hasVariedPrices, isMultipleQuantityAllowedForServices, totalStockRemaining,
} from '../../src/plugins/commerce/index.js'
import { corpusJsonSections, corpusPresent } from './corpus.js'

const expectedFlag = (name: string): boolean => {
  const m = /-(true|false)$/.exec(name)
  if (!m) throw new Error(`section ${name} names no expected true/false`)
  return m[1] === 'true'
}

describe.skipIf(!corpusPresent)('commerce helpers on the corpus data', () => {
  it('getItemVariantOptions gives each option with its values in ordering', () => {
    const sections = new Map(corpusJsonSections('get-item-variant-options.json'))
    let checked = 0
    for (const [name, item] of sections) {
      if (name.endsWith('-expected')) continue
      expect(getItemVariantOptions(item), name).toEqual(sections.get(`${name}-expected`))
      checked++
    }
    expect(checked).toBe(6)
  })

  it('hasVariants is true for more than one variant', () => {
    const sections = corpusJsonSections('has-variants.json')
    expect(sections.length).toBe(4)
    for (const [name, item] of sections) expect(hasVariants(item), name).toBe(expectedFlag(name))
  })

  it('hasVariedPrices compares price, sale price and onSale', () => {
    const sections = corpusJsonSections('has-varied-prices.json')
    expect(sections.length).toBe(7)
    for (const [name, item] of sections) expect(hasVariedPrices(item), name).toBe(expectedFlag(name))
  })

  it('isMultipleQuantityAllowedForServices defaults to true', () => {
    const sections = corpusJsonSections('is-multi-quantity-allowed-for-services.json')
    expect(sections.length).toBe(3)
    for (const [name, settings] of sections) {
      expect(isMultipleQuantityAllowedForServices(settings), name).toBe(expectedFlag(name))
    }
  })

  it('totalStockRemaining sums stock, unlimited and never-sold-out kinds are infinite', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': Infinity,
      'getTotalStock-digital': Infinity,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    }
    const sections = corpusJsonSections('get-total-stock-remaining.json')
    expect(sections.map(([n]) => n).sort()).toEqual(Object.keys(expected).sort())
    for (const [name, item] of sections) expect(totalStockRemaining(item), name).toBe(expected[name])
  })
})
