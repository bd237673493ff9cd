// After every domain's routes: the fast paths in front of Fastify (census hits and cached pages, answered when
// everything they need is in memory), the built assets and the themed 404.
import { SESSION_COOKIE } from '../../domains/accounts/index.js'
import { MEMBER_SESSION_COOKIE } from '../../domains/members/index.js'
import type { Publishing } from '../../domains/publishing/index.js'
import type { Tracking } from '../../domains/tracking/index.js'
import { cookieValue, type CrumbIssuer } from '../../platform/http/crumb.js'
import { registerNotFound } from '../../platform/http/error-handler.js'
import { arrivalOf } from '../../platform/http/proxy.js'
import { editorOptions } from '../../platform/http/security.js'
import type { HostCache } from '../../platform/http/tenancy.js'
import { registerStatic } from '../static.js'
import type { Base } from './base.js'

interface Needs {
  hosts: HostCache
  crumbs: CrumbIssuer
  tracking: Tracking
  publishing: Publishing
}

export async function wireServing(
  { fastify, config, late, log }: Base,
  { hosts, crumbs, tracking, publishing }: Needs,
): Promise<void> {
  const arrival = arrivalOf(config.trustProxy)
  const headers = late.get('pageHeaders')
  const owner = (cookieHeader: string | undefined) => cookieValue(cookieHeader, SESSION_COOKIE) !== undefined
  const hitPath = tracking.fastPath({
    arrival,
    siteOf: (host) => hosts.cachedSite(host)?.id ?? null,
    headers,
    owner,
  })
  const pageSiteOf = (host: string | undefined) => {
    const id = hosts.cachedSite(host)?.id ?? null
    return id !== null && tracking.tagOriginOf(id) === null ? id : null // a site with a third-party tag: its CSP differs
  }
  const personal = (cookieHeader: string | undefined) =>
    cookieValue(cookieHeader, MEMBER_SESSION_COOKIE) !== undefined
  const pagePath = publishing.fastPath({
    arrival,
    personal,
    siteOf: pageSiteOf,
    crumbOf: (cookies, secure) => crumbs.crumbOf(cookies, secure),
    headers,
    log,
  })
  late.bind('fastPath', (req, res) => hitPath(req, res) || pagePath(req, res))
  const statics = await registerStatic(
    fastify,
    undefined,
    editorOptions({ rootDomain: config.rootDomain, publicPort: config.publicPort }),
  )
  late.bind('assetUrl', (path) => statics.assetUrl(path))
  registerNotFound(fastify, publishing.notFound)
}
