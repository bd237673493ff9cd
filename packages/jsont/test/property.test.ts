// Property: random templates and random data never make render() throw, and it always answers a string and errors.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, render } from '../src/index.js'

const pieces = [
  '{', '}', '{.', '{.section a}', '{.repeated section a}', '{.end}', '{.or}', '{.alternates with}', '{.if a && b}',
  '{.if a || @}', '{.equal? a b}', '{.or even?}', '{.var @x a}', '{@x}', '{.ctx @c k=a}', '{.inject @i x}',
  '{.macro m}', '{@|apply m}', '{.include m}', '{.eval a + 1}', '{.eval @q = (', '{.eval max(}', "{.eval '\\x}",
  '{a}', '{a.b.0}', '{@}', '{@index}', '{a,b|html}', '{a|truncate 3}', '{a|json}', '{a|get b}', '{a|prop 0}',
  '{a|format b}', '{a|count}', '{a|mod 0}', '{a|cycle}', '{a|nope}', '{.nope?}', '{#c}', '{##', '##}', '{.eof}',
  '{.meta-left}', 'text', '\n', ' ', '{a|apply p private}', '{a|pluralize x y}', '{a|slugify|smartypants}',
]

const json = fc.jsonValue({ maxDepth: 3 }).map((v) => ({ a: v, b: v, c: [v, v] }))

describe('render never throws', () => {
  it('on random templates and data', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), json, (parts, data) => {
        const src = parts.join('')
        const r = render(src, { json: data, partials: { p: src }, injects: { x: data }, options: { maxInstructions: 20000 } })
        expect(typeof r.output).toBe('string')
        expect(Array.isArray(r.errors)).toBe(true)
        const c = compile(src)
        expect(JSON.parse(JSON.stringify(c.code))).toEqual(c.code)
      }),
      { numRuns: 400 },
    )
  })

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.jsonValue({ maxDepth: 2 }), (src, data) => {
        const r = render(src, { json: data })
        expect(typeof r.output).toBe('string')
      }),
      { numRuns: 300 },
    )
  })
})
