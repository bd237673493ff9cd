// The tracking settings cache on the real database: one read at a time per site, a site in use read again before
// its settings expire (no hit waits for them), a change read at once even while an older read is in flight.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { createSettingsStore } from './settings.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function site(): Promise<string> {
  const res = await t.client('localhost').post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return res.json.site.id as string
}

describe(`tracking settings cache (${BACKEND})`, () => {
  it('reads a site once for concurrent asks, and again in the background in the last fifth of the 5 s', async () => {
    const siteId = await site()
    let clock = 0
    let reads = 0
    const store = createSettingsStore(t.app.db.orm, () => clock, async () => (reads++, false))
    const [a, b] = await Promise.all([store.get(siteId), store.get(siteId), store.get(siteId)])
    expect(a).toEqual(b)
    expect(reads).toBe(1)
    expect(store.peek(siteId)).toMatchObject({ disabled: false })

    // another node changes them (no message here): this process keeps its copy while it is fresh
    await t.app.db.orm.execute(sql`INSERT INTO tracking_settings (site_id, disabled) VALUES (${siteId}, true)
      ON CONFLICT (site_id) DO UPDATE SET disabled = true`)
    clock = 3999
    expect(store.peek(siteId)?.disabled).toBe(false)
    // a background read would have begun within that peek (the cache calls read, which asks cloneable, at once):
    // nothing to wait for
    expect(reads).toBe(1)
    // in the last fifth: still answered from memory at once, and read again once in the background
    clock = 4500
    expect(store.peek(siteId)?.disabled).toBe(false)
    expect(store.peek(siteId)?.disabled).toBe(false)
    // the background read goes to the database: on a busy machine that may take a while
    await vi.waitFor(() => expect(store.peek(siteId)?.disabled).toBe(true), { timeout: 5000, interval: 10 })
    expect(reads).toBe(2)
    // the new copy lives 5 s from its read; one not asked for expires
    clock = 9000
    expect(store.peek(siteId)?.disabled).toBe(true)
    clock = 9600
    expect(store.peek(siteId)).toBeNull()
    expect((await store.get(siteId)).disabled).toBe(true)
    expect(reads).toBe(3)
  })

  it('a change is read at once, and an older read that finishes after it does not replace it', async () => {
    const siteId = await site()
    let release: (() => void) | null = null
    let slow = false
    const store = createSettingsStore(t.app.db.orm, () => 0, async () => {
      if (slow) await new Promise<void>((r) => (release = r))
      return false
    })
    slow = true
    const older = store.get(siteId) // held open by its cloneable check
    await vi.waitFor(() => expect(release).not.toBeNull(), { timeout: 5000, interval: 5 })
    slow = false
    expect((await store.put(siteId, { bannerEnabled: true })).bannerEnabled).toBe(true)
    release!()
    expect((await older).bannerEnabled).toBe(false) // read before the change
    expect(store.peek(siteId)?.bannerEnabled).toBe(true)
  })
})
