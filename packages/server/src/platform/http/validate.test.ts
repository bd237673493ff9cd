import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors.js'
import { parseWith, VISITOR_INVALID_MESSAGE } from './validate.js'

const schema = z.object({ title: z.string().min(1, 'Title is required.'), on: z.boolean().optional() }).strict()

describe('parseWith', () => {
  it('returns the typed value when valid', () => {
    expect(parseWith(schema, { title: 'x' })).toEqual({ title: 'x' })
  })

  it('throws invalid_data with one message per field, naming unknown keys', () => {
    try {
      parseWith(schema, { title: '', on: 'yes', extra: 1 })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(AppError)
      const err = e as AppError
      expect(err.type).toBe('invalid_data')
      expect(err.code).toBe('validation_failed')
      expect(err.details.fields?.title).toBe('Title is required.')
      expect(err.details.fields?.on).toMatch(/boolean/i)
      expect(err.details.fields?.extra).toBe('Unknown field "extra".')
      expect(err.message).toContain('title')
    }
  })

  it('reports a non-object body under "_"', () => {
    expect(() => parseWith(schema, 'text')).toThrow(/not valid|expected/i)
  })

  it("a visitor reads the fields' own sentences, else the spec's form message, never a field path", () => {
    const signup = z.object({ email: z.string().email('Enter a valid email address.'), password: z.string().min(8, 'Use at least 8 characters.') }).strict()
    const visitor = (data: unknown, s: z.ZodType = signup) => {
      try {
        parseWith(s, data, 'request', 'visitor')
      } catch (e) {
        return (e as AppError).message
      }
      return 'valid'
    }
    expect(visitor({ email: 'ann@example.com', password: 'short' })).toBe('Use at least 8 characters.')
    expect(visitor({ email: 'ann', password: 'short' })).toBe('Enter a valid email address. Use at least 8 characters.')
    // a schema default ('Too small: ...') or an unknown field is no sentence for a visitor
    expect(visitor({ title: '' }, z.object({ title: z.string().min(1) }).strict())).toBe(VISITOR_INVALID_MESSAGE)
    expect(visitor({ email: 'ann@example.com', password: 'long-enough', extra: 1 })).toBe(VISITOR_INVALID_MESSAGE)
    expect(VISITOR_INVALID_MESSAGE).toBe('One or more fields is invalid, please check your entries.')
    // owners (the editor, API clients) still read which fields to correct
    expect(() => parseWith(signup, { email: 'ann@example.com', password: 'short' })).toThrow('Please correct the request field: password.')
  })
})
