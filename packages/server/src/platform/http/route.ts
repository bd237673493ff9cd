// `defineRoute`: the one way a domain adds an HTTP route. It validates params, query and body with strict zod
// schemas (types come from the schemas), checks the body's content type, and records the operation for OpenAPI.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../errors.js'
import type { OpenApiRegistry } from './openapi.js'
import { parseWith } from './validate.js'
import { RETURN_FIELD } from './html.js'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** 'multipart' needs @fastify/multipart registered in the route's scope (fields and files attached to the body). */
type BodyType = 'json' | 'form' | 'multipart'
const MEDIA: Record<BodyType, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' }

export interface RouteSpec<B extends z.ZodType | undefined, P extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  method: Method
  url: string
  summary: string
  tags: readonly string[]
  body?: B
  /** Accepted body media types; default ['json']. */
  bodyTypes?: readonly BodyType[]
  params?: P
  query?: Q
  responses: Record<number, { description: string; schema?: z.ZodType }>
  /** Require the crumb (CSRF); default true for POST/PUT/PATCH/DELETE. Turn off only with a reason. */
  crumb?: boolean
  /**
   * 'lazy': a visitor without a crumb gets none on this answer unless it uses `request.crumb`. For reads a published
   * page makes by itself as it loads (its files, the tracker's settings): a new crumb cookie arriving on such an
   * answer replaces the one a checked call of the same page has just sent (that call fails once with a 403).
   * Default: lazy for a state-changing route that does not check the crumb (a beacon), eager otherwise.
   */
  crumbCookie?: 'lazy'
}

/** Routes of owners and API clients (the editor, the CLI's HTTP calls); every other route is a visitor's. */
const OWNER_PREFIXES = ['/api/sites', '/api/auth', '/api/starters', '/api/invitations', '/api/docs', '/config']

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined

export interface RouteInput<B, P, Q> {
  request: FastifyRequest
  reply: FastifyReply
  body: B
  params: P
  query: Q
}

declare module 'fastify' {
  interface FastifyInstance {
    openapi: OpenApiRegistry
  }
  interface FastifyContextConfig {
    /** false: this state-changing route does not check the crumb. */
    crumb?: boolean
    /** 'lazy': a missing crumb cookie is set only if the answer uses `request.crumb` (static files, public pages). */
    crumbCookie?: 'lazy'
  }
}

export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  spec: RouteSpec<B, P, Q>,
  handler: (input: RouteInput<Infer<B>, Infer<P>, Infer<Q>>) => Promise<unknown>,
): void {
  const bodyTypes = spec.bodyTypes ?? ['json']
  const audience = OWNER_PREFIXES.some((p) => spec.url === p || spec.url.startsWith(`${p}/`)) ? 'owner' : 'visitor'
  const crumb = spec.crumb ?? spec.method !== 'GET'
  app.openapi.add({
    method: spec.method,
    url: spec.url,
    summary: spec.summary,
    tags: spec.tags,
    body: spec.body,
    bodyTypes: bodyTypes.map((t) => MEDIA[t]),
    params: spec.params,
    query: spec.query,
    responses: spec.responses,
    crumb,
  })
  app.route({
    method: spec.method,
    url: spec.url,
    config: { crumb, ...(spec.crumbCookie === 'lazy' || spec.crumb === false ? { crumbCookie: 'lazy' as const } : {}) },
    handler: async (request, reply) => {
      const params = (spec.params ? parseWith(spec.params, request.params, 'path', audience) : undefined) as Infer<P>
      const query = (spec.query ? parseWith(spec.query, request.query, 'query', audience) : undefined) as Infer<Q>
      let body = undefined as Infer<B>
      if (spec.body) {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        const allowed = bodyTypes.map((t) => MEDIA[t])
        if (!allowed.includes(type)) {
          throw new AppError(
            'unsupported_media_type',
            'unsupported_media_type',
            `Send the body as ${allowed.join(' or ')}${type ? `, not ${type}` : ''}.`,
          )
        }
        body = parseWith(spec.body, withoutCrumb(request.body), 'request', audience) as Infer<B>
      }
      return handler({ request, reply, body, params, query })
    },
  })
}

/**
 * The crumb may travel as a body field; it is checked by the crumb hook and is not part of any payload. So is the
 * return path of a re-sent native form post (`RETURN_FIELD`: see `returnPath`).
 */
function withoutCrumb(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('crumb' in body || RETURN_FIELD in body)) return body
  const { crumb: _crumb, [RETURN_FIELD]: _back, ...rest } = body as Record<string, unknown>
  return rest
}
