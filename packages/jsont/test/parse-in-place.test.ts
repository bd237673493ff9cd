// The parser reads a tag inside the whole source: nothing before or after the tag's bounds may change the result.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseTagAt, type ParseEnv } from '../src/parse.js'

function env(log: unknown[]): ParseEnv {
  const known = (s: string, a: number, b: number, bad: string): string | undefined => {
    const name = s.slice(a, b)
    return name === bad ? undefined : name
  }
  return {
    formatter: (s, a, b) => known(s, a, b, 'nope'),
    predicate: (s, a, b) => known(s, a, b, 'nope?'),
    error: (code, message, offset) => log.push([code, message, offset]),
    checkExpr: () => {},
  }
}

const piece = fc.constantFrom(
  '.section', '.end', '.or', '.if', '.repeated', ' section', '.equal?', ' equal?', 'nope?', 'a', 'b.c', 'b.0', '@',
  ' && ', ' || ', ' ', '\t', '\u00a0', '|', 'html', 'nope', 'truncate', ':', '"x"', ',', '.alternates', ' with',
  '.var', ' @x', '.include', '.macro', ' m', '?', '-', '1',
)
const around = fc.constantFrom('', '|html', ',b', '?', 'z', ' ', '|nope', '.c', '&&')

describe('parseTagAt', () => {
  it('gives the same instruction and errors inside a larger source as for the tag text alone', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 7 }), around, around, (parts, before, after) => {
        const body = parts.join('')
        const alone: unknown[] = []
        const inside: unknown[] = []
        const src = `${before}{${body}}${after}`
        const t0 = before.length + 1
        expect(parseTagAt(src, t0, t0 + body.length, env(inside))).toEqual(parseTagAt(body, 0, body.length, env(alone)))
        expect(inside).toEqual(alone)
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps error offsets relative to the tag body', () => {
    const log: unknown[] = []
    const src = 'xx{a|html|nope 1}yy'
    parseTagAt(src, 3, src.indexOf('}'), env(log))
    expect(log).toEqual([['UNKNOWN_FORMATTER', "unknown formatter 'nope'", 7]])
  })
})
