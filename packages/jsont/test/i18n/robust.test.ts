// Property: the i18n and date formatters never throw, whatever the data, arguments or locale.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DATE_FORMATTERS } from '../../src/plugins/formatters.date.js'
import { I18N_FORMATTERS } from '../../src/plugins/formatters.i18n.js'
import { testCtx } from './ctx.js'

const formatters = { ...I18N_FORMATTERS, ...DATE_FORMATTERS }
const names = Object.keys(formatters)

const word = fc.constantFrom(
  'style:short',
  'style:percent',
  'style:accounting',
  'round:half-even',
  'maxfrac:99',
  'minsig:-1',
  'group',
  'in:byte',
  'in:celsius',
  'out:mile,yard',
  'sequence:hour,minute',
  'compact:bytes',
  'format:long',
  'date:full',
  'time:hm',
  'skeleton:yMMMd',
  'yMMM',
  'context:begin-sentence',
  'width:narrow',
  'allowWeeks:true',
  '%c',
  '%Q',
  'de-DE',
  'none',
  'x=y',
  'n:t',
  'pattern:QQQQ',
  'weekday',
  '',
)
const value = fc.oneof(
  fc.anything(),
  fc.double(),
  fc.integer({ min: -9e15, max: 9e15 }),
  fc.constantFrom('12.5', '-0', '1e400', 'NaN', '{0 plural one {x}', '{0 money}', '{a} {b'),
  fc.record({
    decimalValue: fc.oneof(fc.string(), fc.double()),
    currencyCode: fc.constantFrom('USD', 'JPY', 'XXX', ''),
  }),
)
const locale = fc.constantFrom('en-US', 'fr-FR', 'pl-PL', 'ja', 'none', 'xx', '')
const zone = fc.constantFrom(undefined, 'Asia/Tokyo', 'Bogus/Zone', 42)

describe('i18n and date formatters', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(value, { minLength: 1, maxLength: 2 }),
        fc.array(word, { maxLength: 4 }),
        locale,
        zone,
        (name, values, args, loc, tz) => {
          const ctx = testCtx({ website: { timeZone: tz }, t: 1, n: values[0] }, loc, 1_600_000_000_000)
          const vars = values.map((v) => ({ value: v }))
          expect(() => formatters[name]!(vars, args, ctx)).not.toThrow()
          expect(typeof vars[0]!.value).toBe('string')
        },
      ),
      { numRuns: 1500 },
    )
  })
})
