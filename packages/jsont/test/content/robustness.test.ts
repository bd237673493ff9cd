// Every content/social formatter and content predicate handles any JSON shape without failing: a formatter or
// predicate that threw would be recorded as an execute error by the engine.
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { CONTENT_FORMATTERS } from '../../src/plugins/formatters.content.js'
import { SOCIAL_FORMATTERS } from '../../src/plugins/formatters.social.js'
import { CONTENT_PREDICATES } from '../../src/plugins/predicates.content.js'

const odd: unknown[] = [
  null,
  0,
  -1,
  'x',
  '10x0',
  [],
  [1, [2]],
  {},
  { items: 5, options: 3, colorData: [], values: 'v', location: 'l', excerpt: null, structuredContent: 1 },
  { items: [null, 1], oembed: 7, mediaFocalPoint: 'a', author: [], categories: 'c', tags: [1, null], overlay: true },
  { type: 'time', values: [], startDate: 'a', endDate: Infinity, mainImageId: 1, coverImage: [] },
  { type: 'likert', values: { q: { deep: 1 } }, hue: '1', saturation: [], lightness: {} },
]

function renderWith(template: string, value: unknown) {
  return render(template, { json: { v: value, websiteSettings: { simpleLikingEnabled: true } } })
}

describe('content plugins on odd data', () => {
  const formatters = [...Object.keys(CONTENT_FORMATTERS), ...Object.keys(SOCIAL_FORMATTERS)]
  it.each(formatters)('formatter %s', (name) => {
    for (const value of odd) {
      for (const args of ['', ' 1', ' a b', ' -3']) {
        const { errors } = renderWith(`{v|${name}${args}}`, value)
        expect(errors, `${name}${args} on ${JSON.stringify(value)}`).toEqual([])
      }
    }
  })
  it.each(Object.keys(CONTENT_PREDICATES))('predicate %s', (name) => {
    for (const value of odd) {
      const { output, errors } = renderWith(`{.section v}{.${name} x}y{.or}n{.end}{.or}-{.end}`, value)
      expect(errors, `${name} on ${JSON.stringify(value)}`).toEqual([])
      expect(['y', 'n', '-']).toContain(output)
    }
  })
})
