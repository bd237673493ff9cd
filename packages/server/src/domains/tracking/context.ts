// What the visitor routes share: settings, the buffer, enrichment, and the "is this visitor counted" rule.
import type { FastifyRequest } from 'fastify'
import { readCookie, SITE_USER_AUTH_COOKIE } from '@sitewright/contracts/cookies'
import { AppError } from '../../platform/errors.js'
import { refuseBadText } from '../../platform/http/edge.js'
import { requireSite, type SiteRef } from '../../platform/http/tenancy.js'
import { dayOf } from './aggregate.js'
import type { WriteBehind } from './buffer.js'
import { attributes, isBot, visitorHash, type CountryOf } from './enrich.js'
import type { SettingsStore } from './settings.js'
import type { Attributes, TrackedEvent } from './types.js'

export interface TrackingPorts {
  /** Website roles the signed-in owner of this request holds on the site; null when no owner is signed in. */
  ownerRoles(request: FastifyRequest, siteId: string): Promise<readonly number[] | null>
}

export const VIEWER_ROLE = 10

export interface VisitorContext {
  settings: SettingsStore
  buffer: WriteBehind<TrackedEvent>
  ports: TrackingPorts
  countryOf: () => CountryOf | null
  now: () => number
}

export interface Who extends Attributes {
  site: SiteRef
  at: Date
  visitor: string
  session: string
}

/**
 * The counted visitor of a request, or null when it is not counted: bots, a site with tracking off, or a signed-in
 * owner account of the site (except one whose only role is viewer, outside /config).
 */
export async function whoIs(ctx: VisitorContext, request: FastifyRequest, page: { path: string; url?: string; referrer?: string; sessionId?: string | number }): Promise<Who | null> {
  const site = requireSite(request)
  const ua = request.headers['user-agent']
  if (isBot(ua)) return null
  const settings = await ctx.settings.get(site.id)
  if (settings.disabled) return null
  if (page.path.startsWith('/config')) return null
  const roles = await ctx.ports.ownerRoles(request, site.id)
  if (roles && roles.length > 0 && roles.some((r) => r !== VIEWER_ROLE)) return null
  const at = new Date(ctx.now())
  const salt = await ctx.settings.salt(site.id, dayOf(at))
  return { site, ...visitorOf(ctx, { at, salt, siteId: site.id, ip: request.ip, userAgent: ua!, host: request.headers.host }, page) }
}

/** The visitor, session and attributes of a counted request (no I/O: the beacon fast path calls it directly). */
export function visitorOf(
  ctx: VisitorContext,
  req: { at: Date; salt: string; siteId: string; ip: string; userAgent: string; host: string | undefined },
  page: { url?: string; referrer?: string; sessionId?: string | number },
): Omit<Who, 'site'> {
  const visitor = visitorHash(req.salt, req.siteId, req.ip, req.userAgent)
  let pageUrl: URL | null = null
  if (page.url) {
    try {
      pageUrl = new URL(page.url)
    } catch {
      pageUrl = null
    }
  }
  const host = (req.host ?? '').split(':')[0]!.toLowerCase()
  const attrs = attributes({ userAgent: req.userAgent, ip: req.ip, pageUrl, referrer: page.referrer ?? '', ownHost: host, countryOf: ctx.countryOf() })
  const sessionId = String(page.sessionId ?? '').slice(0, 40)
  return { at: req.at, visitor, session: `${visitor}.${sessionId}`, source: attrs.source, campaign: attrs.campaign, device: attrs.device, browser: attrs.browser, os: attrs.os, country: attrs.country }
}

/** Accepts events into the buffer; a full buffer answers 503 (nothing is silently dropped). */
export function accept(ctx: VisitorContext, events: TrackedEvent[]): void {
  for (const e of events) {
    if (!ctx.buffer.push(e)) throw new AppError('unavailable', 'tracking_busy', 'Tracking is busy. Please try again later.')
  }
}

/** A visitor with a site-user secure auth cookie is counted as logged in (the spec's rule; its page views say so). */
export const loggedInOf = (cookieHeader: string | undefined): boolean => readCookie(cookieHeader ?? '', SITE_USER_AUTH_COOKIE) !== null

export function cleanPath(path: string): string {
  const p = path.split(/[?#]/)[0] || '/'
  return (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p).slice(0, 500)
}

export function parseJsonObject(text: string, field = 'data'): Record<string, unknown> | null {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return null
  }
  // a NUL or a lone surrogate inside the JSON text is a typed 400, as in any body (platform/http/edge.ts)
  refuseBadText(v, field, field)
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
}
