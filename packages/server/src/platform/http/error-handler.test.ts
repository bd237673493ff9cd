import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import { toAppError } from './error-handler.js'

describe('toAppError', () => {
  it('keeps AppErrors as they are', () => {
    const e = new AppError('conflict', 'email_taken', 'taken')
    expect(toAppError(e)).toEqual({ error: e, masked: false })
  })
  it('translates Fastify client errors to stable codes', () => {
    expect(toAppError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }).error.type).toBe('payload_too_large')
    expect(toAppError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }).error.code).toBe('unsupported_media_type')
    expect(toAppError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }).error.code).toBe('malformed_json')
  })
  it('masks unknown errors', () => {
    const r = toAppError(new Error('secret connection string postgres://x'))
    expect(r.masked).toBe(true)
    expect(r.error.type).toBe('internal')
    expect(r.error.message).not.toContain('postgres')
  })
})
