import type { z } from 'zod'
import { AppError } from '../errors.js'

/** Turns zod issues into `{ field: message }` (first message per field; unknown keys are named). */
export function fieldMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const name = [...issue.path, key].join('.')
        fields[name] ??= `Unknown field "${name}".`
      }
      continue
    }
    const name = issue.path.length > 0 ? issue.path.join('.') : '_'
    fields[name] ??= issue.message
  }
  return fields
}

/**
 * Validates `data` with a (strict) zod schema and returns the typed value, or throws
 * AppError('invalid_data', 'validation_failed') carrying per-field messages.
 */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const fields = fieldMessages(result.error.issues)
  const names = Object.keys(fields).filter((n) => n !== '_')
  const message =
    names.length > 0
      ? `Please correct the ${what} field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`
      : (fields._ ?? `The ${what} is not valid.`)
  throw new AppError('invalid_data', 'validation_failed', message, { fields })
}
