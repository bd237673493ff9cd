// Custom domains on two real server processes (src/main.ts, each with its own TLS listener) on one PostgreSQL
// database, against Debian's pebble and pebble-challtestsrv: "Check now" pressed on both nodes at once orders one
// certificate (by whichever node claims the row); Pebble validates HTTP-01 only at node B's port, so for a domain
// checked through node A (A orders), B answers the challenge from the database; both nodes serve the same
// certificates by SNI; renewals come due are done once each by the two nodes' own sweep timers (DOMAIN_SWEEP_MS,
// 300 ms) and both nodes then serve the new certificates; removing a domain through A makes B refuse the handshake
// (its certificate cache dropped by the cluster message). Skipped, saying why, without PostgreSQL (DATABASE_URL) or
// pebble.
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freshPostgresDatabase } from '../../../test/fresh-postgres.js'
import { newSignup } from '../../../test/harness.js'
import { freePort, pebbleMissing, startPebbleServers, tlsGet, type Pebble } from '../../../test/pebble.js'
import { runMain, waitForPort, type Running } from '../../../test/spawn.js'

const adminUrl = process.env.DATABASE_URL
const why = !adminUrl ? 'two-node custom domains skipped: they share PostgreSQL (set DATABASE_URL)' : pebbleMissing()
if (why) console.warn(why)

const HOST = 'shop.two-nodes.test'
const WWW = 'www.two-nodes.test'

interface Node {
  run: Running
  port: number
  httpsPort: number
  /** Log lines (pino JSON) whose msg is `msg` about `hostname`. */
  said(msg: string, hostname: string): number
}

let pebble: Pebble
let db: Awaited<ReturnType<typeof freshPostgresDatabase>>
let sql: pg.Client
const nodes: Node[] = []
const dirs: string[] = []

/** Accepts TCP connections on 127.0.0.1:`port` (the TLS listener is up). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)))
    s.on('error', () => resolve(false))
  })

function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  return vi.waitFor(async () => {
    const v = await read()
    if (!ok(v)) throw new Error(`${what}: still ${JSON.stringify(v)}`)
    return v
  }, { timeout: ms, interval: 100 })
}

beforeAll(async () => {
  if (why) return
  pebble = await startPebbleServers()
  db = await freshPostgresDatabase(adminUrl!)
  sql = new pg.Client({ connectionString: db.url })
  const ports = [await freePort(), await freePort()]
  // Pebble's HTTP-01 checks go to node B only
  await pebble.start(ports[1]!)
  const start = async (port: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sw-domains-node-'))
    dirs.push(dataDir)
    const httpsPort = await freePort()
    const run = runMain({
      DATA_DIR: dataDir, DATABASE_URL: db.url, SEED_DEMO: '0', LOG_LEVEL: 'info', PORT: String(port), HTTPS_PORT: String(httpsPort),
      ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.caFile, DNS_RESOLVER: pebble.dns, SECRETS_KEY: 'two-nodes-secrets-key-0123', DOMAIN_SWEEP_MS: '300',
    })
    const node: Node = {
      run, port, httpsPort,
      said: (msg, hostname) => run.output().split('\n').filter((l) => l.includes(`"msg":"${msg}"`) && l.includes(`"hostname":"${hostname}"`)).length,
    }
    nodes.push(node)
    expect(await waitForPort(run, 120_000)).toBe(port)
    await until('TLS listener', () => listening(httpsPort), Boolean, 30_000)
  }
  // one after the other: the first runs the migrations
  await start(ports[0]!)
  await start(ports[1]!)
  await sql.connect()
}, 240_000)

afterAll(async () => {
  await Promise.all(nodes.map(async (n) => {
    if (n.run.child.exitCode === null) n.run.child.kill('SIGTERM')
    await n.run.exited
  }))
  await sql?.end().catch(() => undefined)
  await db?.drop()
  await pebble?.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A cookie-keeping HTTP client of one node that echoes the crumb. */
function client(node: () => Node, jar = new Map<string, string>()) {
  return {
    jar,
    call(method: string, path: string, body?: unknown) {
      return new Promise<{ status: number; json: any }>((resolve, reject) => {
        const headers: Record<string, string> = { host: 'localhost', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
        if (method !== 'GET') headers['x-csrf-token'] = decodeURIComponent(jar.get('crumb') ?? '')
        const payload = body === undefined ? undefined : JSON.stringify(body)
        if (payload) headers['content-type'] = 'application/json'
        const req = httpRequest({ host: '127.0.0.1', port: node().port, path, method, headers }, (res) => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';')
            const eq = pair!.indexOf('=')
            jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
          }
          let text = ''
          res.on('data', (d: Buffer) => (text += d.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }))
        })
        req.on('error', reject)
        req.end(payload)
      })
    },
  }
}

describe.skipIf(why !== null)('custom domains on two server processes (postgres, pebble)', () => {
  it('one order for two Check nows, the challenge answered by the other node, one renewal, both nodes serve', async () => {
    const [A, B] = [() => nodes[0]!, () => nodes[1]!]
    const onA = client(A)
    await onA.call('GET', '/api/auth/me')
    const signup = await onA.call('POST', '/api/auth/signup', newSignup())
    expect(signup.status).toBe(201)
    const siteId = signup.json.site.id as string
    const title = signup.json.site.title as string
    const onB = client(B, onA.jar) // the same session through node B
    const base = `/api/sites/${siteId}/domains`
    const add = async (hostname: string) => {
      const added = await onA.call('POST', base, { hostname })
      expect(added.status).toBe(201)
      const d = added.json as { id: string; verification: { name: string; value: string } }
      // the nodes' sweeps check a new domain's record by themselves at once (and again a minute later): the record
      // is created after that first automatic check, so the Check now below is what verifies it
      await until(`${hostname} checked by a sweep`, async () => (await sql.query('SELECT checks, lease_until FROM custom_domains WHERE id = $1', [d.id])).rows[0], (r) => r.checks >= 1 && r.lease_until === null)
      await pebble.setTxt(d.verification.name, d.verification.value)
      return d
    }
    const domain = async (id: string) => ((await onB.call('GET', base)).json.domains as any[]).find((x) => x.id === id)
    const lease = async (id: string) => (await sql.query('SELECT lease_until FROM custom_domains WHERE id = $1', [id])).rows[0].lease_until as Date | null
    const issued = (hostname: string) => [A().said('certificate issued', hostname), B().said('certificate issued', hostname)]
    const renewed = (hostname: string) => [A().said('certificate renewed', hostname), B().said('certificate renewed', hostname)]
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

    // Check now on both nodes at once: one certificate is ordered, by one node
    const shop = await add(HOST)
    const checks = await Promise.all([onA.call('POST', `${base}/${shop.id}/verify`), onB.call('POST', `${base}/${shop.id}/verify`)])
    expect(checks.map((c) => c.status)).toEqual([200, 200])
    const active = await until('shop certificate', () => domain(shop.id), (x) => x.status === 'active')
    expect(active.certificate.issuer).toContain('Pebble')
    await until('shop work over', () => lease(shop.id), (v) => v === null)
    expect(sum(issued(HOST))).toBe(1)

    // Check now through A: A orders it, and Pebble (which reaches node B only) got the challenge answer from B
    const www = await add(WWW)
    expect((await onA.call('POST', `${base}/${www.id}/verify`)).status).toBe(200)
    await until('www certificate', () => domain(www.id), (x) => x.status === 'active')
    await until('www work over', () => lease(www.id), (v) => v === null)
    expect(issued(WWW)).toEqual([1, 0])
    expect(B().run.output()).toContain('/.well-known/acme-challenge/')

    // both nodes serve both certificates by SNI, verified against Pebble's root: the site's page on the primary (the
    // first domain), a redirect to it on the other
    const root = await pebble.root()
    const serials = async (hostname: string, primary = hostname === HOST) => {
      const [a, b] = await Promise.all([tlsGet(A().httpsPort, hostname, '/', root), tlsGet(B().httpsPort, hostname, '/', root)])
      expect(a.cert.subjectAltName).toBe(`DNS:${hostname}`)
      expect(a.cert.serialNumber).toBe(b.cert.serialNumber)
      if (primary) {
        expect([a.status, b.status]).toEqual([200, 200])
        expect(b.body).toContain(title)
      } else expect([a.status, b.status, b.headers.location]).toEqual([301, 301, `https://${HOST}:${B().httpsPort}/`]) // to the primary
      return a.cert.serialNumber
    }
    const before = { shop: await serials(HOST), www: await serials(WWW) }
    expect(before.shop).not.toBe(before.www)
    await expect(tlsGet(B().httpsPort, 'not-a-domain.test', '/', root)).rejects.toThrow()

    // renewals come due (Pebble's certificates last years: the stored expiries move to 29 days from now); the two
    // nodes' own sweeps renew each once, and both nodes then serve the new certificates
    expect(sum(renewed(HOST)) + sum(renewed(WWW))).toBe(0)
    await sql.query("UPDATE custom_domains SET cert_not_after = now() + interval '29 days' WHERE site_id = $1", [siteId])
    for (const [hostname, old] of [[HOST, before.shop], [WWW, before.www]] as const)
      for (const node of [A, B]) await until(`${hostname} renewed on ${node().port}`, async () => (await tlsGet(node().httpsPort, hostname, '/', root)).cert.serialNumber, (s) => s !== old)
    const after = { shop: await serials(HOST), www: await serials(WWW) }
    const rows = await until('renewals settled', async () => (await sql.query('SELECT lease_until, cert_not_after FROM custom_domains WHERE site_id = $1', [siteId])).rows, (rs) => rs.every((r) => r.lease_until === null))
    for (const r of rows) expect(new Date(r.cert_not_after).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000)
    expect([sum(renewed(HOST)), sum(renewed(WWW))]).toEqual([1, 1])
    expect([sum(issued(HOST)), sum(issued(WWW))]).toEqual([1, 1])
    expect(after.shop).not.toBe(before.shop)

    // removed through A: B stops serving it (the cluster message drops B's cached certificate); www, now the
    // primary, is still served by both
    expect((await onA.call('DELETE', `${base}/${shop.id}`)).status).toBe(204)
    const refused = (node: () => Node) => () => tlsGet(node().httpsPort, HOST, '/', root).then(() => 'served', () => 'refused')
    await until('B refuses the handshake', refused(B), (v) => v === 'refused', 10_000)
    await until('A refuses the handshake', refused(A), (v) => v === 'refused', 10_000)
    expect(await serials(WWW, true)).toBe(after.www) // the primary now, served by both
  }, 240_000)
})
