import { describe, expect, it } from 'vitest'
import { counterState } from './counter.js'

describe('character counter', () => {
  it("shows 'length / max' and an error state above max", () => {
    expect(counterState('hello', 10)).toEqual({ text: '5 / 10', error: false })
    expect(counterState('x'.repeat(10), 10)).toEqual({ text: '10 / 10', error: false })
    expect(counterState('x'.repeat(11), '10')).toEqual({ text: '11 / 10', error: true })
  })
  it('ignores a max of 0 or one that is not a number', () => {
    expect(counterState('abc', 0)).toBeNull()
    expect(counterState('abc', 'lots')).toBeNull()
    expect(counterState('abc', undefined)).toBeNull()
  })
})
