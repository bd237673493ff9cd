import { parse } from 'node:querystring'
import { describe, expect, it } from 'vitest'
import { hasNul, textMayHoldNul } from './edge.js'

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
