// The role matrix: EVERY owner route the app registered under /api/sites/:siteId (as Fastify's onRoute saw them,
// OpenAPI or not) is called by a member holding each website role, and the answer is compared with the permission
// table: a role with the route's capability gets past the role check (2xx, or a 4xx of validation / not found),
// a role without it gets the uniform 403 role_not_allowed, and someone with no role on the site 404 site_not_found.
// A route without a rule in the table fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { CAPABILITIES, WEBSITE_ROLES, capabilityOf, type WebsiteRole } from '../accounts/index.js'

let t: TestApp
let siteId = ''
const members = new Map<WebsiteRole, Client>()
let outsider: Client

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const admin = t.client()
  const created = await admin.post('/api/auth/signup', newSignup())
  siteId = created.json.site.id
  members.set(WEBSITE_ROLES.ADMIN, admin)
  for (const role of Object.values(WEBSITE_ROLES)) {
    if (role === WEBSITE_ROLES.ADMIN) continue
    const c = t.client()
    const res = await c.post('/api/auth/signup', newSignup())
    await t.app.sites.addMember(siteId, res.json.user.id, role)
    members.set(role, c)
  }
  outsider = t.client()
  await outsider.post('/api/auth/signup', newSignup())
}, 120_000)
afterAll(async () => t?.close())

const concrete = (url: string) => url.replace(':siteId', siteId).replace(/:[A-Za-z]+/g, 'no-such-id')

describe(`role matrix over every owner route (${BACKEND})`, () => {
  it('every owner route has a rule in the permission table', () => {
    const routes = t.app.ownerRoutes()
    expect(routes.length).toBeGreaterThan(60)
    expect(routes.filter((r) => capabilityOf(r.method, r.url) === null).map((r) => `${r.method} ${r.url}`)).toEqual([])
  })

  it('each role is let through exactly where the table allows it', async () => {
    const mismatches: string[] = []
    for (const route of t.app.ownerRoutes()) {
      const capability = capabilityOf(route.method, route.url)!
      const allowed: readonly number[] = CAPABILITIES[capability]
      for (const [role, c] of members) {
        const res = await c.request(route.method as 'GET', concrete(route.url), route.method === 'GET' ? {} : { json: {} })
        const denied = res.status === 403 && res.json?.error?.code === 'role_not_allowed'
        const blocked = denied || res.status === 401 || (res.status === 404 && res.json?.error?.code === 'site_not_found') || res.status >= 500
        if (allowed.includes(role) ? blocked : !denied) mismatches.push(`${route.method} ${route.url} role ${role}: ${res.status} ${res.json?.error?.code ?? ''} (table: ${allowed.includes(role) ? 'allowed' : 'denied'})`)
      }
    }
    expect(mismatches).toEqual([])
  }, 300_000)

  it('an owner with no role on the site gets 404 site_not_found on every owner route', async () => {
    const wrong: string[] = []
    for (const route of t.app.ownerRoutes()) {
      const res = await outsider.request(route.method as 'GET', concrete(route.url), route.method === 'GET' ? {} : { json: {} })
      if (res.status !== 404 || res.json?.error?.code !== 'site_not_found') wrong.push(`${route.method} ${route.url}: ${res.status}`)
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
