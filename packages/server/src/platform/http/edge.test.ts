import { parse } from 'node:querystring'
import { describe, expect, it } from 'vitest'
import { findBadText, hasNul, textMayHoldNul, textMayHoldSurrogate } from './edge.js'

describe('textMayHoldNul: a body that says no parses to nothing holding a NUL', () => {
  const forms = ['a=1&b=2', 'a=%00', 'a%00=1', 'a=x%00y', 'a=\u0000', 'a=%2500', 'a=%5Cu0000', 'd=%7B%22p%22%3A%22%2F%22%7D']
  it.each(forms)('form %j', (text) => {
    const parsed = parse(text)
    if (hasNul(parsed)) expect(textMayHoldNul(text)).toBe(true)
    expect(textMayHoldNul(text)).toBe(['%00', '\u0000', '\\u0000'].some((s) => text.includes(s)))
  })

  const json = ['{"a":"b"}', '{"a":"\\u0000"}', '{"\\u0000":1}', '{"a":"\\\\u0000"}', '["x","y\\u0000z"]', '{"a":"%00"}']
  it.each(json)('JSON %j', (text) => {
    if (hasNul(JSON.parse(text))) expect(textMayHoldNul(text)).toBe(true)
  })

  it('answers false for clean bodies', () => {
    expect(textMayHoldNul('event=1&data=%7B%22path%22%3A%22%2F%22%7D')).toBe(false)
    expect(textMayHoldNul('{"event":1,"data":"{}"}')).toBe(false)
  })
})

describe('findBadText: the first NUL or lone surrogate, with its field path', () => {
  it('names nested fields, keys and array items; a well-formed pair is clean', () => {
    expect(findBadText({ a: ['ok', { b: 'x\ud800' }] })).toEqual({ kind: 'surrogate', field: 'a.1.b', unit: 'U+D800' })
    expect(findBadText({ a: '\udc00 low first' })).toEqual({ kind: 'surrogate', field: 'a', unit: 'U+DC00' })
    expect(findBadText({ ['k\udbff']: 1 })).toEqual({ kind: 'surrogate', field: 'k\ufffd', unit: 'U+DBFF' })
    expect(findBadText({ a: 'n\u0000' })).toEqual({ kind: 'nul', field: 'a', unit: 'U+0000' })
    expect(findBadText('\ud800')).toEqual({ kind: 'surrogate', field: '', unit: 'U+D800' })
    expect(findBadText({ a: '\ud83d\ude00 emoji', b: ['é', 1, null, true] })).toBeNull()
  })

  it('reads what a query string can decode to: percent-encoded surrogates become U+FFFD, never a lone surrogate', () => {
    expect(findBadText(parse('q=%ED%A0%80&r=%F0%9F%98%80'))).toBeNull()
  })

  it('textMayHoldSurrogate: a JSON text parsing to a lone surrogate says so', () => {
    for (const text of ['{"a":"\\ud800"}', '{"a":"\\uDFFF"}', '["\\udbff\\udfff"]']) expect(textMayHoldSurrogate(text)).toBe(true)
    expect(textMayHoldSurrogate('{"a":"\\u00e9","b":"\\ud7ff"}')).toBe(false)
  })
})
