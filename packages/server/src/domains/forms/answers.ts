// The spec's answer shapes of the visitor form calls, used instead of the generic `{ error: {...} }`:
//   2xx `{ data: {...} }`; 400 `{ data: { errors: { fieldId: message }, error } }`; 401; 404 'This form has not been
//   configured yet.'; 429 'Unable to submit form. Submission rate limit exceeded. Please try again later.' (with
//   Retry-After); 500 'Unable to send form. Please try again later.'; other statuses `{ data: { error } }`.
// Client mistakes stay 4xx. The crumb failure keeps its own `{ crumbFail, error }` shape.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CRUMB_FAIL_CODE, httpStatusOf } from '../../platform/errors.js'
import { sendError, toAppError } from '../../platform/http/error-handler.js'

export const SEND_FAILED_MESSAGE = 'Unable to send form. Please try again later.'

export function formErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { error: e, masked } = toAppError(error)
  if (e.code === CRUMB_FAIL_CODE) return sendError(request, reply, e)
  const status = e.type === 'unavailable' || e.type === 'internal' ? 500 : httpStatusOf(e.type)
  if (status >= 500) {
    request.log.error({ err: error, masked }, 'form call failed')
    return reply.code(500).type('application/json').send({ data: { error: SEND_FAILED_MESSAGE } })
  }
  if (e.details.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(e.details.retryAfter))))
  const data: Record<string, unknown> = { error: e.message }
  // the edge's bad-text refusal names the body path (`form.<fieldId>`): the form answer keys errors by field id
  if (status === 400) data.errors = Object.fromEntries(Object.entries(e.details.fields ?? {}).map(([k, v]) => [k.startsWith('form.') ? k.slice(5) : k, v]))
  return reply.code(status).type('application/json').send({ data })
}

/** Registers `routes` in a scope whose errors are answered in the form calls' shape. */
export async function withFormAnswers(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(formErrorHandler)
    routes(scope)
  })
}
