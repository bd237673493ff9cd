// The Fastify instance and the Node server under it. A request a fast path answers (a census hit, a cached page)
// never reaches Fastify; router errors, which answer before any hook runs, carry the page security headers.
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { pino } from 'pino'
import type { Config } from '../platform/config.js'
import { clientErrorHandler, frameworkErrors } from '../platform/http/edge.js'
import { parseQuery } from '../platform/http/query.js'

/** Longest path parameter the router matches (a 255-character file name, every character as %XX%XX%XX). */
export const MAX_PARAM_LENGTH = 255 * 9 + 64

export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

/** `late`: what is known only once the domains exist (null until then). */
export function createFastify(config: Config, late: { fastPath(): FastPath | null; pageHeaders(): ((secure: boolean) => Readonly<Record<string, string>>) | null }) {
  return Fastify({
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (!late.fastPath()?.(req, res)) handler(req, res)
      })
      server.keepAliveTimeout = 72_000 // Fastify's own server settings
      server.requestTimeout = 0
      return server
    },
    loggerInstance: pino({ level: config.logLevel }) as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // maxParamLength: a stored file's name (at most 255 characters) stays reachable at its own address even when
    // every character is percent-encoded (up to 9 URL characters per UTF-16 unit); longer ones answer a typed 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQuery },
    frameworkErrors: (e, request, reply) => {
      const headers = late.pageHeaders()
      if (headers) reply.headers(headers(request.protocol === 'https'))
      frameworkErrors(e, request, reply)
    },
    clientErrorHandler,
  })
}
