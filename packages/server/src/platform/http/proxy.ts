// How a request arrived, read the way Fastify reads it for this app: with TRUST_PROXY on, the reverse proxy's
// X-Forwarded-Proto (its first value) says whether the visitor used HTTPS and the leftmost X-Forwarded-For address is
// the visitor's; with it off, both headers are ignored and the socket decides. The fast paths in front of Fastify use
// this so that proxied requests (nginx in `npm run cluster`) are answered there too, with the same answer as
// Fastify's request.protocol and request.ip would give.
import type { IncomingMessage } from 'node:http'

export interface Arrival {
  /** True when the visitor's connection was HTTPS. */
  secure(req: IncomingMessage): boolean
  /** The visitor's address. */
  ip(req: IncomingMessage): string
}

function firstOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  const s = Array.isArray(value) ? value[0] : value
  if (s === undefined) return undefined
  const comma = s.indexOf(',')
  const first = (comma < 0 ? s : s.slice(0, comma)).trim()
  return first === '' ? undefined : first
}

const socketSecure = (req: IncomingMessage) => (req.socket as { encrypted?: boolean }).encrypted === true
const socketIp = (req: IncomingMessage) => req.socket.remoteAddress ?? ''

/** The socket decides (no proxy trusted). */
export const DIRECT: Arrival = { secure: socketSecure, ip: socketIp }

export function arrivalOf(trustProxy: boolean): Arrival {
  if (!trustProxy) return DIRECT
  return {
    secure(req) {
      const proto = firstOf(req.headers['x-forwarded-proto'])
      return proto === undefined ? socketSecure(req) : proto.toLowerCase() === 'https'
    },
    ip(req) {
      return firstOf(req.headers['x-forwarded-for']) ?? socketIp(req)
    },
  }
}
