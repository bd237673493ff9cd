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

/** What a visitor reads when their input has a mistake that no field message says in words (the spec's form text). */
export const VISITOR_INVALID_MESSAGE = 'One or more fields is invalid, please check your entries.'

/**
 * A field message a person reads as it is ('Use at least 8 characters.'), not a schema default ('Too small: ...') nor
 * an unknown key's name (a page never sends one: a client's mistake, said in the visitor's words).
 */
const isSentence = (m: string) => /^[A-Z0-9"“‘']/.test(m) && /[.!?]$/.test(m) && !m.startsWith('Unknown field ')

/**
 * Validates `data` with a (strict) zod schema and returns the typed value, or throws
 * AppError('invalid_data', 'validation_failed') carrying per-field messages. Owners (API clients, the editor) read
 * which fields to correct; a visitor reads the fields' own sentences, else the spec's form message — never a field
 * path.
 */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown, what = 'request', audience: 'owner' | 'visitor' = 'owner'): z.infer<S> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const fields = fieldMessages(result.error.issues)
  const names = Object.keys(fields).filter((n) => n !== '_')
  const message = audience === 'visitor' ? visitorMessage(fields) :
    names.length > 0
      ? `Please correct the ${what} field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`
      : (fields._ ?? `The ${what} is not valid.`)
  throw new AppError('invalid_data', 'validation_failed', message, { fields })
}

function visitorMessage(fields: Record<string, string>): string {
  const said = [...new Set(Object.values(fields))]
  return said.length > 0 && said.every(isSentence) ? said.join(' ') : VISITOR_INVALID_MESSAGE
}
