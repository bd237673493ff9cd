// Debian's pebble (an ACME server) and pebble-challtestsrv (DNS with a management API) on free loopback ports, for
// the custom-domain tests. Pebble's own listener gets a certificate made here with openssl (the package ships
// none), which the app trusts through ACME_CA_FILE; Pebble's issuing root comes from its management API.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { X509Certificate } from 'node:crypto'
import { request as httpsRequest } from 'node:https'
import type { TLSSocket } from 'node:tls'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0

/** Why the ACME tests cannot run here, or null when they can. */
export function pebbleMissing(): string | null {
  if (!has('pebble') || !has('pebble-challtestsrv')) return 'ACME tests skipped: install the Debian package `pebble` (apt-get install pebble; scripts/ensure-pebble.mjs does it as root)'
  if (!has('openssl')) return 'ACME tests skipped: openssl is needed to make the certificate of Pebble\'s listener'
  return null
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

function getTls(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, timeout: 5000 }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.end()
  })
}

/** An HTTPS GET to 127.0.0.1:`port` with SNI `hostname`, trusting only `ca`: status, headers, body, the peer certificate. */
export function tlsGet(port: number, hostname: string, path: string, ca: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string; cert: X509Certificate }>((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, servername: hostname, headers: { host: hostname }, ca, agent: false, timeout: 10_000 }, (res) => {
      let body = ''
      const cert = (res.socket as TLSSocket).getPeerX509Certificate()!
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, cert }))
    })
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.end()
  })
}

const REFUSED_DOMAIN = 'refused.example.test'

export interface Pebble {
  directoryUrl: string
  /** The CA file of Pebble's own listener (ACME_CA_FILE). */
  caFile: string
  /** host:port of challtestsrv's DNS (DNS_RESOLVER). */
  dns: string
  /** Starts pebble itself, validating HTTP-01 on `httpPort` (the app's HTTP port). */
  start(httpPort: number): Promise<void>
  setTxt(name: string, value: string): Promise<void>
  clearTxt(name: string): Promise<void>
  /** Points `name` at these IPv4 addresses (instead of challtestsrv's default, 127.0.0.1); `clearA` undoes it. */
  setA(name: string, addresses: string[]): Promise<void>
  clearA(name: string): Promise<void>
  /** A name Pebble refuses to issue for by its policy (its config's domain blocklist): a CA refusal. */
  refusedDomain: string
  /** Pebble's issuing root (PEM). */
  root(): Promise<string>
  /** Pebble's intermediate (PEM): the CA that signs the certificates it issues, served in their chain. */
  intermediate(): Promise<string>
  /** The certificate's status by serial (hex): 'Valid' or 'Revoked'. */
  certStatus(serialHex: string): Promise<string>
  stop(): Promise<void>
}

async function waitFor(what: string, fn: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms
  for (;;) {
    if (await fn().catch(() => false)) return
    if (Date.now() > until) throw new Error(`${what} did not start`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Starts challtestsrv now; pebble on `start(httpPort)` once the app listens. */
export async function startPebbleServers(): Promise<Pebble> {
  const dir = mkdtempSync(join(tmpdir(), 'sw-pebble-'))
  const [acmePort, mgmtPort, dnsPort, chalMgmt] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const caFile = join(dir, 'cert.pem')
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', caFile, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { encoding: 'utf8' })
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`)
  const ca = readFileSync(caFile, 'utf8')
  const children: ChildProcess[] = []
  let log = ''
  const run = (bin: string, args: string[], env: Record<string, string> = {}) => {
    const child = spawn(bin, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)))
    child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)))
    children.push(child)
    return child
  }
  const chal = `http://127.0.0.1:${chalMgmt}`
  run('pebble-challtestsrv', ['-management', `127.0.0.1:${chalMgmt}`, '-dns01', `127.0.0.1:${dnsPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '127.0.0.1', '-defaultIPv6', ''])
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${chal}${path}`, { method: 'POST', body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`challtestsrv ${path}: ${res.status}`)
  }
  await waitFor('pebble-challtestsrv', async () => (await fetch(`${chal}/clear-txt`, { method: 'POST', body: '{"host":"x."}' })).ok)
  const mgmt = `https://127.0.0.1:${mgmtPort}`
  return {
    directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
    caFile,
    dns: `127.0.0.1:${dnsPort}`,
    refusedDomain: REFUSED_DOMAIN,
    async start(httpPort) {
      const config = { pebble: { listenAddress: `127.0.0.1:${acmePort}`, managementListenAddress: `127.0.0.1:${mgmtPort}`, certificate: caFile, privateKey: join(dir, 'key.pem'), httpPort, tlsPort: await freePort(), ocspResponderURL: '', externalAccountBindingRequired: false, domainBlocklist: [REFUSED_DOMAIN] } }
      writeFileSync(join(dir, 'pebble.json'), JSON.stringify(config))
      run('pebble', ['-config', join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' })
      await waitFor(`pebble (${log.slice(-500)})`, async () => (await getTls(`https://127.0.0.1:${acmePort}/dir`, ca)).status === 200)
    },
    setTxt: (name, value) => post('/set-txt', { host: `${name}.`, value }),
    clearTxt: (name) => post('/clear-txt', { host: `${name}.` }),
    setA: (name, addresses) => post('/add-a', { host: `${name}.`, addresses }),
    clearA: (name) => post('/clear-a', { host: `${name}.` }),
    async root() {
      return (await getTls(`${mgmt}/roots/0`, ca)).body
    },
    async intermediate() {
      return (await getTls(`${mgmt}/intermediates/0`, ca)).body
    },
    async certStatus(serial) {
      const r = await getTls(`${mgmt}/cert-status-by-serial/${serial}`, ca)
      return (JSON.parse(r.body) as { Status: string }).Status
    },
    async stop() {
      await Promise.all(
        children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => {
          c.once('exit', () => resolve())
          c.kill('SIGTERM')
        }))),
      )
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
