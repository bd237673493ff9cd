// `sitewright domains list|add|verify|remove SITE HOSTNAME` as a person runs it (the built CLI, dist/cli.js, in a
// child process on its own data; the embedded database, or a fresh PostgreSQL database with DATABASE_URL): the TXT record to add, a
// hostname refused with the owner API's own message, verify through DNS_RESOLVER (pebble-challtestsrv, where the
// test sets the record) failing with the reason and exit 1, then verified with exit 0, the list, remove, usage
// errors (exit 2). Without HTTPS_PORT no certificate is ordered. Skipped, saying why, without
// pebble-challtestsrv.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPostgresDatabase } from '../../test/harness.js'
import { pebbleMissing, startPebbleServers, type Pebble } from '../../test/pebble.js'

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
const missing = pebbleMissing()
if (missing) console.warn(missing)

let pebble: Pebble
let env: Record<string, string>
const dir = mkdtempSync(join(tmpdir(), 'sw-cli-domains-'))
let drop: (() => Promise<void>) | null = null

beforeAll(async () => {
  if (missing) return
  pebble = await startPebbleServers() // challtestsrv's DNS only: no certificate is ordered here
  env = { DATA_DIR: join(dir, 'data'), DNS_RESOLVER: pebble.dns }
  if (process.env.DATABASE_URL) {
    const db = await freshPostgresDatabase(process.env.DATABASE_URL)
    drop = db.drop
    env.DATABASE_URL = db.url
  }
}, 60_000)
afterAll(async () => {
  await pebble?.stop()
  await drop?.()
  rmSync(dir, { recursive: true, force: true })
})

/** `sitewright ...args` (the built CLI) with `stdin`; answers the exit code and what it printed. */
function sitewright(args: string[], stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  child.stdin.end(stdin)
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })))
}

describe.skipIf(missing !== null)(`sitewright domains (${BACKEND})`, () => {
  it('adds a domain with its TXT record, verifies it through DNS_RESOLVER, lists and removes it', async () => {
    const made = await sitewright(['create-owner', 'cli-domains@example.com', '--site', 'cli-shop', '--title', 'CLI shop'], 'a-long-password\n')
    expect(made.code, made.err).toBe(0)

    // usage (a hostname missing)
    const usage = await sitewright(['domains', 'add', 'cli-shop'])
    expect([usage.code, usage.err.trim()]).toEqual([2, 'Usage: sitewright domains list SITE | add SITE HOSTNAME | verify SITE HOSTNAME | remove SITE HOSTNAME'])

    // add: the owner API's rules, then the record to create
    const ip = await sitewright(['domains', 'add', 'cli-shop', '127.0.0.1'])
    expect([ip.code, ip.err.trim()]).toEqual([1, 'An IP address cannot be a custom domain: enter a domain name.'])
    const added = await sitewright(['domains', 'add', 'cli-shop', 'Shop.CLI-Example.test'])
    expect(added.code, added.err).toBe(0)
    const record = /TXT (_sitewright\.shop\.cli-example\.test) "(sitewright-verify=[A-Za-z0-9_-]{32})"/.exec(added.out)
    expect(record, added.out).not.toBeNull()
    expect(added.out).toContain('shop.cli-example.test  pending  primary')
    expect(added.out).toContain('sitewright domains verify cli-shop shop.cli-example.test')

    // verify before the record exists: still pending, the reason, exit 1
    const early = await sitewright(['domains', 'verify', 'cli-shop', 'shop.cli-example.test'])
    expect(early.code).toBe(1)
    expect(early.out).toContain('shop.cli-example.test  pending')
    expect(early.out).toContain('No TXT record found at _sitewright.shop.cli-example.test')

    // the record in DNS: verified (no HTTPS_PORT, so no certificate), exit 0
    await pebble.setTxt(record![1]!, record![2]!)
    const ok = await sitewright(['domains', 'verify', 'cli-shop', 'shop.cli-example.test'])
    expect([ok.code, ok.out.trim()]).toEqual([0, 'shop.cli-example.test  verified  primary'])
    const list = await sitewright(['domains', 'list', 'cli-shop'])
    expect([list.code, list.out.trim()]).toEqual([0, 'shop.cli-example.test  verified  primary'])

    // remove
    const removed = await sitewright(['domains', 'remove', 'cli-shop', 'shop.cli-example.test'])
    expect([removed.code, removed.out.trim()]).toEqual([0, 'Removed shop.cli-example.test from cli-shop.'])
    const empty = await sitewright(['domains', 'list', 'cli-shop'])
    expect([empty.code, empty.out.trim()]).toEqual([0, 'cli-shop has no custom domains.'])
  }, 480_000)
})
