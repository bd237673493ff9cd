import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors.js'
import { parseWith } from './validate.js'

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
})
