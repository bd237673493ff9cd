// Nothing acknowledged is lost: a real server process (src/main.ts) on a temp DATA_DIR takes a burst of
// submissions, is killed with SIGKILL mid-burst, restarts on the same data, and every submission that got a 2xx
// is in the database. PGlite only (the file-backed embedded database is the one at risk; PostgreSQL is external).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runMain, waitForPort, type Running } from '../../../test/spawn.js'
import { DEMO_OWNER } from '../../app/index.js'
import { ALL_KIND_FIELDS } from './forms-test-kit.js'

const dir = mkdtempSync(join(tmpdir(), 'sw-forms-kill-'))
const running: Running[] = []
afterAll(() => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

/** A cookie-keeping HTTP client that echoes the crumb. */
function client(base: string) {
  const jar = new Map<string, string>()
  async function call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (method !== 'GET') headers['x-csrf-token'] = jar.get('crumb') ?? ''
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const eq = pair!.indexOf('=')
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
    }
    const text = await res.text()
    return { status: res.status, json: text ? (JSON.parse(text) as any) : undefined }
  }
  return { call, jar }
}

const env = { DATA_DIR: dir, FORM_RATE_LIMIT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' }

describe('forms durability (kill -9 mid-burst)', () => {
  it('every submission answered 2xx before SIGKILL is stored after the restart', async () => {
    const first = runMain(env)
    running.push(first)
    const base = `http://127.0.0.1:${await waitForPort(first, 120_000)}`
    const owner = client(base)
    await owner.call('GET', '/api/auth/me')
    const login = await owner.call('POST', '/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })
    expect(login.status).toBe(200)
    const siteId = login.json.sites[0].id as string
    const form = await owner.call('POST', `/api/sites/${siteId}/forms`, { name: 'Burst', fields: ALL_KIND_FIELDS })
    expect(form.status).toBe(201)
    const formId = form.json.form.id as string

    const acked = new Set<string>()
    let attempted = 0
    let failed = 0
    let killed = false
    const worker = async (n: number) => {
      const v = client(base)
      for (let i = 0; !killed; i++) {
        attempted++
        try {
          await v.call('GET', '/api/auth/me')
          const key = await v.call('POST', '/api/form/FormSubmissionKey')
          if (key.status !== 200) throw new Error(`key ${key.status}`)
          const res = await v.call('POST', '/api/form/SaveFormSubmission', { key: key.json.data.key, formId, form: { text: `w${n}-${i}`, message: 'hi', checkbox: ['X'] } })
          if (res.status >= 200 && res.status < 300) acked.add(res.json.data.submissionId as string)
          else failed++
        } catch {
          failed++
        }
      }
    }
    const burst = Promise.all(Array.from({ length: 12 }, (_, n) => worker(n)))
    // Kill mid-burst, once a good number of submissions is acknowledged.
    const started = Date.now()
    while (acked.size < 60 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 20))
    first.child.kill('SIGKILL')
    killed = true
    await burst
    expect(await first.exited).toBeNull()

    const second = runMain(env)
    running.push(second)
    const base2 = `http://127.0.0.1:${await waitForPort(second, 120_000)}`
    const owner2 = client(base2)
    await owner2.call('GET', '/api/auth/me')
    expect((await owner2.call('POST', '/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status).toBe(200)
    const stored = new Set<string>()
    for (let page = 0; ; page++) {
      const list = await owner2.call('GET', `/api/sites/${siteId}/forms/${formId}/submissions?size=100&page=${page}`)
      expect(list.status).toBe(200)
      for (const s of list.json.submissions) stored.add(s.id as string)
      if (!list.json.hasNextPage) break
    }
    const lost = [...acked].filter((id) => !stored.has(id))
    console.log(`kill -9 durability: attempted ${attempted}, acknowledged ${acked.size}, not acknowledged ${failed}, stored after restart ${stored.size}, acknowledged but lost ${lost.length}`)
    expect(acked.size).toBeGreaterThanOrEqual(60)
    expect(lost).toEqual([])
    expect(stored.size).toBeGreaterThanOrEqual(acked.size)
    second.child.kill('SIGTERM')
    await second.exited
  }, 300_000)
})
