// Security headers of every answer, as helmet computes them: one Content-Security-Policy for published pages (and
// every other answer of a site or the API), a strict one for the editor at /config, hashes for the inline script
// and style of /api/docs, and HSTS only when the request came over HTTPS (directly, or via X-Forwarded-Proto when
// TRUST_PROXY is on). The publishing fast path (cached pages answered before Fastify) applies the very same page
// headers through `pageHeaders(secure)`.
//
// Routes take the `helmet` route option of @fastify/helmet (merged over the page options, key by key, as that plugin
// merges), but the headers are computed once per configuration, when the route is declared, and set with one call per
// answer: @fastify/helmet ran helmet's middleware, CSP parsing included, on every request.
//
// Published pages carry no inline scripts (themes load one external module script; `themes/default` has no inline
// <script> and no event-handler attributes): scripts come from the site itself, plus the captcha and comment
// services the storefront loads on demand. Inline styles stay allowed (theme style attributes, the site's
// colour variables). Owner HTML and embed blocks keep working: the sanitizer leaves them no scripts, their images
// and media may come from any https address and their iframes (https only, sandboxed) from any https origin.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions as HelmetMiddlewareOptions } from 'helmet'

/** Helmet options as @fastify/helmet takes them (globally, or per route as `{ helmet: ... }`). */
export type HelmetOptions = FastifyHelmetOptions

/** Where the platform lives: `rootDomain` serves the demo site and the editor, `<slug>.rootDomain` the other sites. */
export interface SecurityOrigins {
  rootDomain: string
  publicPort: number
}

/** HSTS of answers sent over HTTPS: a year, site subdomains included (they are served by the same platform). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** Third parties the storefront loads scripts from when a site turns them on (reCAPTCHA forms, Disqus comments). */
const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const DISQUS = ['https://*.disqus.com', 'https://*.disquscdn.com']

/** A CSP host-source for `host` on the public port (scheme-less: matches the page's scheme, and https from http). */
function hostSource(host: string, port: number): string {
  return port === 80 || port === 443 ? host : `${host}:${port}`
}

const COMMON = {
  // HSTS depends on the request's scheme: added by `registerSecurityHeaders` / `pageHeaders`, not here.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Site files and images are public and may be shown elsewhere (mail, other sites); the API needs cookies anyway.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
} as const

/** Published pages and every other answer outside /config (framed only by the site itself and the editor). */
export function pageOptions(o: SecurityOrigins): HelmetOptions {
  return {
    ...COMMON,
    // frame-ancestors below replaces it (the editor on the root host frames pages of other site hosts).
    xFrameOptions: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'script-src': ["'self'", ...CAPTCHA_SCRIPTS, ...DISQUS],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'", ...DISQUS],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...DISQUS],
        'frame-src': ["'self'", 'https:'],
        'worker-src': ["'self'", 'blob:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'", hostSource(o.rootDomain, o.publicPort)],
      },
    },
  }
}

/** The editor: its own scripts and styles only, framed by nothing but itself; it frames the sites' pages. */
export function editorOptions(o: SecurityOrigins): HelmetOptions {
  return {
    ...COMMON,
    xFrameOptions: { action: 'sameorigin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", hostSource(`*.${o.rootDomain}`, o.publicPort)],
        'worker-src': ["'self'", 'blob:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** A self-contained platform page (e.g. /api/docs): exactly its inline <script> and <style> elements may run. */
export function inlinePageOptions(html: string, opts: { formsToSelf?: boolean } = {}): HelmetOptions {
  const inline = (tag: string) => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => sha256(m[1]!))
  return {
    ...COMMON,
    xFrameOptions: { action: 'sameorigin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'base-uri': ["'none'"],
        'script-src': inline('script').length ? inline('script') : ["'none'"],
        'style-src': inline('style').length ? inline('style') : ["'none'"],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'form-action': opts.formsToSelf ? ["'self'"] : ["'none'"],
        'frame-ancestors': ["'self'"],
      },
    },
  }
}

/** A route's security headers over plain HTTP and over HTTPS (with HSTS). */
interface SecurityHeaders {
  plain: Readonly<Record<string, string>>
  secure: Readonly<Record<string, string>>
}
const ROUTE_HEADERS = 'securityHeaders'

/** The headers a helmet configuration sets (helmet writes them onto the response; here they are collected once). */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const out: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete out[name.toLowerCase()]
    },
  }
  helmet(options as HelmetMiddlewareOptions)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  return out
}

/**
 * Registers helmet for every Fastify answer (page policy; routes pass `helmet: editorOptions(...)` to differ) and HSTS
 * on HTTPS. Returns the page headers for answers made outside Fastify (the publishing fast path).
 */
export async function registerSecurityHeaders(app: FastifyInstance, origins: SecurityOrigins): Promise<{ pageHeaders(secure: boolean): Readonly<Record<string, string>> }> {
  const page = pageOptions(origins)
  const both = (options: HelmetOptions): SecurityHeaders => {
    const plain = Object.freeze(headersOf(options))
    return { plain, secure: Object.freeze({ ...plain, 'strict-transport-security': HSTS }) }
  }
  const pageSet = both(page)
  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: HelmetOptions | false }).helmet
    if (!own) return
    route.config = Object.assign(route.config ?? Object.create(null), { [ROUTE_HEADERS]: both(Object.assign(Object.create(null), page, own) as HelmetOptions) })
  })
  app.addHook('onRequest', (request, reply, done) => {
    const set = (request.routeOptions.config as { [ROUTE_HEADERS]?: SecurityHeaders } | undefined)?.[ROUTE_HEADERS] ?? pageSet
    reply.headers(request.protocol === 'https' ? set.secure : set.plain)
    done()
  })
  return { pageHeaders: (isSecure: boolean) => (isSecure ? pageSet.secure : pageSet.plain) }
}
