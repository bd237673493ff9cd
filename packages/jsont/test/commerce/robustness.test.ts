// Every commerce formatter and predicate copes with any data shape: no formatter failure is ever recorded.
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { COMMERCE_FORMATTERS } from '../../src/plugins/formatters.commerce.js'
import { COMMERCE_PREDICATES } from '../../src/plugins/predicates.commerce.js'

const odd: unknown[] = [
  null, true, 0, -1.5, '', 'text', [], [1, 2], {},
  { id: { x: 1 }, structuredContent: null },
  { structuredContent: { productType: '1', variants: 'no', variantOptionOrdering: {} } },
  { structuredContent: { productType: 1, variants: [null, 3, { attributes: null, priceMoney: { value: 'x' } }] } },
  { structuredContent: { productType: 1, variants: [{ attributes: { a: { b: 1 } } }, {}], variantOptionOrdering: ['a', 7] } },
  { structuredContent: { productType: 2, isSubscribable: true, subscriptionPlan: { billingPeriod: 'WEEK' } } },
  { id: 'p', entries: [{ quantity: 'two' }, null], optionValues: [null, { value: 1 }] },
]

describe('commerce plugins on odd data', () => {
  it('formatters render without failures', () => {
    for (const name of Object.keys(COMMERCE_FORMATTERS)) {
      for (const node of odd) {
        const json = { node, productMerchandisingContext: { p: { restockNotificationViews: [1, {}], scarcityEnabled: true, scarcityTemplateViews: 'x' } } }
        const { errors } = render(`{node|${name} arg}`, { json })
        expect(errors, `${name} on ${JSON.stringify(node)}`).toEqual([])
      }
    }
  })

  it('predicates decide without failures', () => {
    for (const name of Object.keys(COMMERCE_PREDICATES)) {
      for (const node of odd) {
        const { output, errors } = render(`{.section node}{.${name}}y{.or}n{.end}{.or}-{.end}`, { json: { node } })
        expect(errors, `${name} on ${JSON.stringify(node)}`).toEqual([])
        expect(['y', 'n', '-']).toContain(output)
      }
    }
  })
})
