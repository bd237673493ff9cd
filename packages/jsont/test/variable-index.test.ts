// Variable segments that are digits name array indexes up to the bound 2147483647; longer numbers are object keys.
import { describe, expect, it } from 'vitest'
import { compile, render, VARIABLE_INDEX_MAX } from '../src/index.js'
import { parsePath } from '../src/names.js'

describe('variable index bound', () => {
  it('is 2147483647', () => {
    expect(VARIABLE_INDEX_MAX).toBe(2147483647)
  })

  it('digit segments up to the bound are indexes, above it names', () => {
    expect(parsePath('a.0')).toEqual(['a', 0])
    expect(parsePath('a.999999999')).toEqual(['a', 999999999])
    expect(parsePath('a.2147483647')).toEqual(['a', 2147483647])
    expect(parsePath('a.2147483648')).toEqual(['a', '2147483648'])
    expect(parsePath('a.99999999999')).toEqual(['a', '99999999999'])
  })

  it('renders an index lookup and a key lookup on either side of the bound', () => {
    const t = compile('{a.1}|{b.2147483648}|{c.2147483647}')
    expect(t.errors).toEqual([])
    const out = render(t, { json: { a: ['x', 'y'], b: { '2147483648': 'key' }, c: { '2147483647': 'k2' } } }).output
    expect(out.split('|').slice(0, 2)).toEqual(['y', 'key'])
  })
})
