// Custom domains: the owner API's rules (hostnames, limit, one site per hostname, roles, crumb), and the whole
// journey against real ACME parts, Debian's pebble and pebble-challtestsrv on free ports: add -> wrong TXT (the
// reason) -> right TXT -> certificate -> HTTPS with SNI verified against Pebble's root -> redirects (HTTP to HTTPS,
// the primary, canonical/sitemap/JSON baseUrl) -> renewal once across two concurrent sweeps -> delete (revoked).
// Failure paths: an unreachable HTTP-01 challenge fails in plain words; a failed renewal keeps the certificate, mails
// the owner once (not on each retry) and backs off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_DOMAINS_PER_SITE } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { freePort, pebbleMissing, startPebbleServers, tlsGet, type Pebble } from '../../../test/pebble.js'
import { loadConfig } from '../../platform/config.js'
import { sql } from 'drizzle-orm'
import { WEBSITE_ROLES } from '../accounts/index.js'
import { drainMail } from '../../../test/mail.js'
import { sqlRows } from '../../platform/db/index.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'

async function owner(t: TestApp) {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, slug: res.json.site.slug as string }
}

const missing = pebbleMissing()
if (missing) console.warn(missing)

// one app for the file; with the ACME parts (a TLS listener, Pebble's directory, challtestsrv's DNS) when installed
let pebble: Pebble | null = null
let t: TestApp
let httpsPort = 0
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  pebble = missing ? null : await startPebbleServers()
  httpsPort = await freePort()
  const base = loadConfig({})
  t = await startTestApp({
    seedDemo: false,
    smtpUrl: smtp.url,
    host: '127.0.0.1',
    // sweepMs: a day, so the app's own timer never sweeps beside the sweeps the tests make (it claimed a row once
    // and the test read the count before the timer's renewal ended)
    ...(pebble ? { domains: { ...base.domains, sweepMs: 86_400_000, httpsPort, httpsPublicPort: httpsPort, acmeDirectoryUrl: pebble.directoryUrl, acmeCaFile: pebble.caFile, dnsResolver: pebble.dns, secretsKey: 'test-secrets-key-0123456789' } } : {}),
  })
  if (pebble) {
    await t.app.fastify.listen({ host: '127.0.0.1', port: 0 })
    await pebble.start((t.app.fastify.server.address() as { port: number }).port)
  }
}, 120_000)
afterAll(async () => {
  await t?.close()
  await pebble?.stop()
  smtp?.close()
})

describe(`custom domains: the owner API (${BACKEND})`, () => {

  it('validates hostnames, keeps one site per hostname and 10 per site, ADMIN only with the crumb', async () => {
    const a = await owner(t)
    const base = `/api/sites/${a.siteId}/domains`
    const bad: [string, string][] = [
      ['localhost', 'hostname_single_label'], ['shop.localhost', 'hostname_local'], ['127.0.0.1', 'hostname_ip'], ['[::1]', 'hostname_ip'],
      ['https://shop.example.com/', 'hostname_invalid'], ['bad..example.com', 'hostname_invalid'], ['-x.example.com', 'hostname_invalid'], ['', 'hostname_required'],
      [`${a.slug}.localhost`, 'hostname_local'],
    ]
    for (const [hostname, code] of bad) {
      const r = await a.c.post(base, { hostname })
      expect(r.status, hostname).toBe(400)
      expect(r.json.error.code, hostname).toBe(code)
      expect(r.json.error.message.length, hostname).toBeGreaterThan(10)
    }
    // IDNA: stored as punycode, with the TXT record to add
    const idn = await a.c.post(base, { hostname: 'Bücher.Example.' })
    expect(idn.status).toBe(201)
    expect(idn.json).toMatchObject({ hostname: 'xn--bcher-kva.example', status: 'pending', primary: true, verification: { type: 'TXT', name: '_sitewright.xn--bcher-kva.example' } })
    expect(idn.json.verification.value).toMatch(/^sitewright-verify=[A-Za-z0-9_-]{32}$/)
    expect((await a.c.post(base, { hostname: 'xn--bcher-kva.example' })).json.error.code).toBe('domain_exists')
    // another site cannot take it
    const b = await owner(t)
    const taken = await b.c.post(`/api/sites/${b.siteId}/domains`, { hostname: 'bücher.example' })
    expect([taken.status, taken.json.error.code]).toEqual([409, 'domain_taken'])
    // at most 10 per site
    for (let i = 1; i < MAX_DOMAINS_PER_SITE; i++) expect((await a.c.post(base, { hostname: `d${i}.example.org` })).status).toBe(201)
    const over = await a.c.post(base, { hostname: 'one-more.example.org' })
    expect([over.status, over.json.error.code]).toEqual([422, 'domain_limit'])
    const list = await a.c.get(base)
    expect(list.json.domains).toHaveLength(MAX_DOMAINS_PER_SITE)
    expect(list.json.domains.filter((d: { primary: boolean }) => d.primary)).toHaveLength(1)
    // crumb, roles, site scoping
    expect((await a.c.post(base, { hostname: 'x.example.net' }, { crumb: 'nope' })).status).toBe(403)
    expect((await b.c.get(base)).status).toBe(404) // another site's owner: as if it did not exist
    const editor = await owner(t)
    await t.app.sites.addMember(a.siteId, await editorId(editor.c), WEBSITE_ROLES.EDITOR)
    expect((await editor.c.get(base)).status).toBe(403)
    const someId = list.json.domains[3].id as string
    expect((await b.c.request('DELETE', `/api/sites/${b.siteId}/domains/${someId}`)).status).toBe(404)
    // a pending domain serves nothing yet
    expect((await t.client('xn--bcher-kva.example').get('/')).status).toBe(404)
    expect((await a.c.request('DELETE', `${base}/${someId}`)).status).toBe(204)
    const left = (await a.c.get(base)).json.domains as { id: string; primary: boolean }[]
    expect(left).toHaveLength(MAX_DOMAINS_PER_SITE - 1)
    // removing the primary makes the oldest remaining one primary
    await a.c.request('DELETE', `${base}/${left.find((d) => d.primary)!.id}`)
    const after = (await a.c.get(base)).json.domains as { id: string; primary: boolean }[]
    expect(after.map((d) => d.primary)).toEqual([true, ...Array(MAX_DOMAINS_PER_SITE - 3).fill(false)])
    for (const d of after) expect((await a.c.request('DELETE', `${base}/${d.id}`)).status).toBe(204)
  })
})

const pebbleOf = (): Pebble => pebble!

async function editorId(c: ReturnType<TestApp['client']>): Promise<string> {
  const me = await c.get('/api/auth/me')
  return me.json.user.id as string
}

/** Reads until `ok` holds, through vitest's own retry (the last value is named when it gives up). */
function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  return vi.waitFor(async () => {
    const v = await read()
    if (!ok(v)) throw new Error(`${what}: still ${JSON.stringify(v)}`)
    return v
  }, { timeout: ms, interval: 50 })
}

describe.skipIf(missing !== null)(`custom domains over ACME with pebble (${BACKEND})`, () => {

  it('verifies by TXT, orders over HTTP-01, serves HTTPS with SNI, redirects, renews once and revokes on delete', async () => {
    const pebble = pebbleOf()
    const a = await owner(t)
    const base = `/api/sites/${a.siteId}/domains`
    const shop = (await a.c.post(base, { hostname: 'shop.example.test' })).json
    const get = async (id: string) => ((await a.c.get(base)).json.domains as { id: string }[]).find((d) => d.id === id) as Record<string, any>

    // the wrong record: still pending, with the reason
    await pebble.setTxt(shop.verification.name, 'sitewright-verify=wrong')
    const wrong = (await a.c.post(`${base}/${shop.id}/verify`)).json
    expect(wrong.status).toBe('pending')
    expect(wrong.error).toContain('wrong value')
    expect((await t.client('shop.example.test').get('/')).status).toBe(404)

    // the right record: verified, then the certificate is ordered in the background
    await pebble.clearTxt(shop.verification.name)
    await pebble.setTxt(shop.verification.name, shop.verification.value)
    const ok = (await a.c.post(`${base}/${shop.id}/verify`)).json
    expect(ok.status).toBe('issuing')
    expect(ok.error).toBeUndefined()
    const active = await until('shop certificate', () => get(shop.id), (d) => d.status !== 'issuing')
    expect(active).toMatchObject({ status: 'active', primary: true, certificate: { issuer: expect.stringContaining('Pebble') } })
    expect(Date.parse(active.certificate.notAfter)).toBeGreaterThan(Date.now() + 30 * 86_400_000)

    // HTTPS with SNI, verified against Pebble's root (and nothing else)
    const root = await pebble.root()
    const page = await tlsGet(httpsPort, 'shop.example.test', '/', root)
    expect(page.status).toBe(200)
    expect(page.cert.subjectAltName).toContain('DNS:shop.example.test')
    expect(page.headers['strict-transport-security']).toBeUndefined() // not served long enough yet
    // no certificate for a name that is not a verified domain: the handshake fails
    await expect(tlsGet(httpsPort, 'other.example.test', '/', root)).rejects.toThrow()

    // plain HTTP redirects to HTTPS (the challenge path excepted); the built-in address keeps working
    const http = await t.client('shop.example.test').get('/about?x=1')
    expect([http.status, http.headers.location]).toEqual([301, `https://shop.example.test:${httpsPort}/about?x=1`])
    // the hop from plain HTTP carries no COOP (a browser ignores it there and logs a warning); the HTTPS page does
    expect(http.headers['cross-origin-opener-policy']).toBeUndefined()
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    expect((await t.client(`${a.slug}.localhost`).get('/')).status).toBe(200)

    // a second domain, made primary: the first redirects to it; canonical, sitemap and JSON baseUrl use it
    const www = (await a.c.post(base, { hostname: 'www.example.test' })).json
    expect(www.primary).toBe(false)
    await pebble.setTxt(www.verification.name, www.verification.value)
    await a.c.post(`${base}/${www.id}/verify`)
    await until('www certificate', () => get(www.id), (d) => d.status === 'active')
    expect((await a.c.post(`${base}/${www.id}/primary`)).json.domains.find((d: { id: string }) => d.id === www.id).primary).toBe(true)
    const moved = await tlsGet(httpsPort, 'shop.example.test', '/blog?page=2', root)
    expect([moved.status, moved.headers.location]).toEqual([301, `https://www.example.test:${httpsPort}/blog?page=2`])
    const primaryBase = `https://www.example.test:${httpsPort}`
    const json = await tlsGet(httpsPort, 'www.example.test', '/?format=json', root)
    expect(JSON.parse(json.body).website.baseUrl).toBe(primaryBase)
    expect((await t.client(`${a.slug}.localhost`).get('/')).body).toContain(`<link rel="canonical" href="${primaryBase}/"`)
    expect((await tlsGet(httpsPort, 'www.example.test', '/robots.txt', root)).body).toContain(`Sitemap: ${primaryBase}/sitemap.xml`)

    // HSTS once the certificate has been served for a day
    await t.app.db.orm.execute(sql`UPDATE custom_domains SET cert_served_since = now() - interval '2 days' WHERE hostname = 'www.example.test'`)
    t.app.customDomains.hostsChanged(a.siteId)
    await until('hsts', async () => (await tlsGet(httpsPort, 'www.example.test', '/', root)).headers['strict-transport-security'], (v) => v === 'max-age=31536000', 10_000)

    // renewal 30 days before expiry: two sweeps at once (two nodes) renew each certificate once
    // (the stored expiry is moved to 29 days from now: Pebble's certificates last years)
    expect(await t.app.customDomains.sweep()).toBe(0)
    await t.app.db.orm.execute(sql`UPDATE custom_domains SET cert_not_after = now() + interval '29 days' WHERE site_id = ${a.siteId}`)
    const [n1, n2] = await Promise.all([t.app.customDomains.sweep(), t.app.customDomains.sweep()])
    expect(n1 + n2).toBe(2)
    expect(await t.app.customDomains.sweep()).toBe(0) // nothing due any more
    const renewedShop = await get(shop.id)
    expect(Date.parse(renewedShop.certificate.notAfter)).toBeGreaterThan(Date.now() + 30 * 86_400_000)
    const oldSerial = page.cert.serialNumber
    await until('renewed certificate served', async () => (await tlsGet(httpsPort, 'shop.example.test', '/', root)).cert.serialNumber, (s) => s !== oldSerial, 10_000)

    // delete: revoked at the CA, no certificate served, the host serves nothing
    const current = (await tlsGet(httpsPort, 'shop.example.test', '/', root)).cert.serialNumber
    expect((await a.c.request('DELETE', `${base}/${shop.id}`)).status).toBe(204)
    expect(await pebble.certStatus(current.toLowerCase().replace(/^0+/, ''))).toBe('Revoked')
    await until('no certificate after delete', () => tlsGet(httpsPort, 'shop.example.test', '/', root).then(() => 'served', () => 'refused'), (v) => v === 'refused', 10_000)
    expect((await t.client('shop.example.test').get('/')).status).toBe(404)
  }, 120_000)

  it('fails in plain words when the CA refuses or the challenge is unreachable; a failed renewal mails the owner once and backs off', async () => {
    const pebble = pebbleOf()
    const a = await owner(t)
    const base = `/api/sites/${a.siteId}/domains`
    const get = async (id: string) => ((await a.c.get(base)).json.domains as { id: string }[]).find((d) => d.id === id) as Record<string, any>
    const first = async (id: string) => (await sqlRows<{ renew_failures: number; next_check_at: Date | string }>(t.app.db.orm, sql`SELECT renew_failures, next_check_at FROM custom_domains WHERE id = ${id}`))[0]!

    // challenge unreachable: the name points at an address where nothing listens for HTTP-01
    const far = (await a.c.post(base, { hostname: 'far.example.test' })).json
    await pebble.setTxt(far.verification.name, far.verification.value)
    await pebble.setA('far.example.test', ['127.0.0.2'])
    expect((await a.c.post(`${base}/${far.id}/verify`)).json.status).toBe('issuing')
    const unreachable = await until('far fails', () => get(far.id), (d) => d.status !== 'issuing')
    expect(unreachable.status).toBe('failed')
    expect(unreachable.error).toMatch(/^The certificate authority could not reach this domain over HTTP: point its DNS at this server and keep port 80 open/)

    // CA refusal: Pebble's policy refuses the name (its domain blocklist), after our own verification passed
    const refused = (await a.c.post(base, { hostname: pebble.refusedDomain })).json
    await pebble.setTxt(refused.verification.name, refused.verification.value)
    expect((await a.c.post(`${base}/${refused.id}/verify`)).json.status).toBe('issuing')
    const refusal = await until('refused fails', () => get(refused.id), (d) => d.status !== 'issuing')
    expect(refusal.status).toBe('failed')
    expect(refusal.error).toMatch(/^The certificate authority refused the order: /)

    // renewal failure: an active domain due for renewal whose challenge cannot be reached any more
    const ok = (await a.c.post(base, { hostname: 'renew.example.test' })).json
    await pebble.setTxt(ok.verification.name, ok.verification.value)
    await a.c.post(`${base}/${ok.id}/verify`)
    await until('renew certificate', () => get(ok.id), (d) => d.status === 'active')
    const owners = (await a.c.get('/api/auth/me')).json.user.email as string
    const mailsTo = () => smtp.mails.filter((m) => m.to.includes(owners) && m.text.includes('could not be renewed'))
    await pebble.setA('renew.example.test', ['127.0.0.2'])
    await t.app.db.orm.execute(sql`UPDATE custom_domains SET cert_not_after = now() + interval '29 days', next_check_at = now() - interval '1 second' WHERE id = ${ok.id}`)
    await t.app.customDomains.sweep()
    const kept = await get(ok.id)
    expect(kept.status).toBe('active') // still serving the current certificate
    expect(kept.error).toMatch(/could not reach this domain over HTTP/)
    await drainMail(t.app)
    await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(1)
    expect(mailsTo()[0]!.text).toContain('We could not renew the HTTPS certificate of renew.example.test.')
    const once = await first(ok.id)
    expect(once.renew_failures).toBe(1)
    const wait1 = new Date(once.next_check_at).getTime() - Date.now()
    expect(wait1).toBeGreaterThan(0) // retried later, not at once
    // the retry (made due now) fails again: no second mail, a longer back-off
    await t.app.db.orm.execute(sql`UPDATE custom_domains SET next_check_at = now() - interval '1 second' WHERE id = ${ok.id}`)
    await t.app.customDomains.sweep()
    const twice = await first(ok.id)
    expect(twice.renew_failures).toBe(2)
    expect(new Date(twice.next_check_at).getTime() - Date.now()).toBeGreaterThan(wait1)
    await drainMail(t.app)
    expect(mailsTo()).toHaveLength(1)
    // reachable again: the next retry renews and clears the failure count
    await pebble.clearA('renew.example.test')
    // a retry made due now, until the CA's validation sees the cleared record (on a loaded machine one try can still
    // meet the old answer)
    const renewed = await until(
      'renewed once reachable',
      async () => {
        await t.app.db.orm.execute(sql`UPDATE custom_domains SET next_check_at = now() - interval '1 second' WHERE id = ${ok.id}`)
        await t.app.customDomains.sweep()
        return get(ok.id)
      },
      (d) => d.status === 'active' && d.error === undefined,
      30_000,
    )
    expect([renewed.status, renewed.error]).toEqual(['active', undefined])
    expect(Date.parse(renewed.certificate.notAfter)).toBeGreaterThan(Date.now() + 30 * 86_400_000)
    expect((await first(ok.id)).renew_failures).toBe(0)
  }, 120_000)
})
