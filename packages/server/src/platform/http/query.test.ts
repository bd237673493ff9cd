import { describe, expect, it } from 'vitest'
import { parseQuery, QUERY_MAX_KEYS } from './query.js'

describe('parseQuery', () => {
  it('keeps at most 1000 keys, the first ones', () => {
    expect(QUERY_MAX_KEYS).toBe(1000)
    const text = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&')
    const q = parseQuery(text)
    expect(Object.keys(q)).toHaveLength(1000)
    expect(q.k999).toBe('999')
    expect(q.k1000).toBeUndefined()
  })

  it('decodes like a browser form: plus is a space, repeated keys are lists', () => {
    expect({ ...parseQuery('a=x+y&b=%C3%A9&b=2&c') }).toEqual({ a: 'x y', b: ['é', '2'], c: '' })
  })
})
