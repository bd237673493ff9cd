// The TLS listener: SNI picks the certificate of a verified custom domain, loaded from the database on first use
// and cached (dropped on every node by the hosts message when a domain of the site changes). A hostname that is
// not a verified domain with a certificate gets no certificate at all (the handshake fails): nobody can make the
// server order or load certificates for names it does not serve.
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSecureContext, type SecureContext } from 'node:tls'

export interface LoadedCert {
  siteId: string
  certPem: string
  keyPem: string
  /** First served now (the caller records it once, for HSTS). */
  firstServed: boolean
}

const TTL_MS = 10 * 60_000

export function createCertCache(load: (hostname: string) => Promise<LoadedCert | null>, now: () => number = Date.now) {
  const entries = new Map<string, { siteId: string; context: SecureContext; at: number }>()
  return {
    async context(servername: string): Promise<SecureContext | null> {
      const host = servername.toLowerCase().replace(/\.$/, '')
      const hit = entries.get(host)
      if (hit && now() - hit.at < TTL_MS) return hit.context
      const cert = await load(host)
      if (!cert) {
        entries.delete(host)
        return null
      }
      const context = createSecureContext({ cert: cert.certPem, key: cert.keyPem })
      entries.set(host, { siteId: cert.siteId, context, at: now() })
      return context
    },
    /** Drops the certificates of one site (or all). */
    drop(siteId?: string) {
      for (const [host, e] of entries) if (siteId === undefined || e.siteId === siteId) entries.delete(host)
    },
    get size() {
      return entries.size
    },
  }
}

export type CertCache = ReturnType<typeof createCertCache>

/** An HTTPS server answering through `handler` (the app's router), with certificates chosen by SNI. */
export function createTlsServer(certs: CertCache, handler: (req: IncomingMessage, res: ServerResponse) => void, onError: (e: unknown) => void): Server {
  const server = createServer(
    {
      SNICallback: (servername, cb) => {
        certs.context(servername).then(
          (ctx) => (ctx ? cb(null, ctx) : cb(new Error(`no certificate for ${servername}`))),
          (e: unknown) => {
            onError(e)
            cb(e as Error)
          },
        )
      },
    },
    handler,
  )
  server.keepAliveTimeout = 72_000
  server.on('tlsClientError', () => undefined) // failed handshakes (unknown names, scanners) are the client's affair
  return server
}
