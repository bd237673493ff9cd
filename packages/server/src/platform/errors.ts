// The one application error taxonomy. `type` is a closed union; `code` is a stable machine reason.
// HTTP statuses are assigned in exactly one place: `httpStatusOf` (used by the Fastify error handler).

export const ERROR_TYPES = [
  'invalid_data',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'request_timeout',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const

export type ErrorType = (typeof ERROR_TYPES)[number]

export interface ErrorDetails {
  /** Field name -> human-readable message (validation errors). */
  fields?: Record<string, string>
  /** Seconds; sent as the Retry-After header (rate_limited, unavailable). */
  retryAfter?: number
}

export class AppError extends Error {
  override readonly name = 'AppError'
  constructor(
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message)
  }
}

/** The code of the crumb (CSRF) failure; the error handler answers it in the spec's `{ crumbFail, error }` shape. */
export const CRUMB_FAIL_CODE = 'crumb_fail'

export function httpStatusOf(type: ErrorType): number {
  switch (type) {
    case 'invalid_data':
      return 400
    case 'unauthorized':
      return 401
    case 'forbidden':
      return 403
    case 'not_found':
      return 404
    case 'conflict':
      return 409
    case 'request_timeout':
      return 408
    case 'payload_too_large':
      return 413
    case 'uri_too_long':
      return 414
    case 'unsupported_media_type':
      return 415
    case 'headers_too_large':
      return 431
    case 'unprocessable':
      return 422
    case 'rate_limited':
      return 429
    case 'unavailable':
      return 503
    case 'internal':
      return 500
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError
}
