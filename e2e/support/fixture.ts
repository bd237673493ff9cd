// One real server and one browser per test file, torn down afterwards.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'
import { launchBrowser, watchErrors } from './browser.js'
import { ownerClient, type OwnerClient } from './owner-api.js'
import { DEMO_OWNER } from './paths.js'
import { freshDataDir, removeDataDir, startServer, type RunningServer } from './server.js'

export interface SiteSummary {
  id: string | number
  slug: string
  title: string
  url: string
}

export interface Harness {
  server: RunningServer
  browser: Browser
  context: BrowserContext
  page: Page
  /** Console and page errors seen so far. */
  errors: string[]
  /** Restarts the server on the same port and data directory; returns the exit code of the stop. */
  restart(): Promise<number | null>
  close(): Promise<void>
}

export async function openHarness(opts: { env?: Record<string, string> } = {}): Promise<Harness> {
  const dataDir = freshDataDir(inject('e2eDataTemplate'))
  const env = opts.env ?? {}
  let server = await startServer({ dataDir, env })
  // a browser that cannot start must not leave the server running after the test file fails
  const browser = await launchBrowser().catch(async (e: unknown) => {
    await server.stop().catch(() => undefined)
    removeDataDir(dataDir)
    throw e
  })
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1200, height: 900 },
  })
  const page = await context.newPage()
  const errors = watchErrors(page)
  const harness: Harness = {
    get server() {
      return server
    },
    browser,
    context,
    page,
    errors,
    async restart() {
      const code = await server.stop()
      server = await startServer({ dataDir, port: server.port, env })
      return code
    },
    async close() {
      await browser.close().catch(() => undefined)
      await server.stop().catch(() => undefined)
      removeDataDir(dataDir)
    },
  }
  return harness
}

/** The demo site as the demo owner sees it through the owner API (`api` is left signed in as the demo owner). */
export async function demoSite(baseUrl: string, api: OwnerClient = ownerClient(baseUrl)): Promise<SiteSummary> {
  const login = await api.call<{ sites: SiteSummary[] }>('POST', '/api/auth/login', DEMO_OWNER)
  if (login.status !== 200)
    throw new Error(`demo login failed: ${login.status} ${JSON.stringify(login.body)}`)
  const site = login.body.sites.find((s) => s.url === `${baseUrl}/`)
  if (!site) throw new Error(`no demo site at ${baseUrl}/ in ${JSON.stringify(login.body.sites)}`)
  return site
}

/** Opens the site's Pages screen signed out, signs in as the demo owner on the login screen it leads to, and waits
 *  to be back on the Pages screen. */
export async function signInToPages(page: Page, siteId: string | number): Promise<void> {
  await page.goto(`/config/sites/${siteId}/pages`)
  await page.waitForURL('**/config/login')
  await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`**/config/sites/${siteId}/pages**`)
}

/** Reads `what` every 250 ms until `ok` holds; fails after `timeoutMs` with `label` and the last value. */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, label: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await what()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Presses `key` until `moved` resolves (each press given up to `perPressMs` to show its effect): a drag's keyboard
 * listener is attached a moment after the pick-up, so a first press can be dropped; the condition, not a pause,
 * says when the move happened (and no second press follows one that worked).
 */
export async function pressUntil(page: Page, key: string, moved: (timeoutMs: number) => Promise<unknown>, label: string, tries = 4, perPressMs = 2000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    await page.keyboard.press(key)
    if (await moved(perPressMs).then(() => true, () => false)) return
  }
  throw new Error(`${label}: not seen after ${tries} presses of ${key}`)
}
