// Custom domains in Chromium over HTTPS, against real ACME parts: Debian's pebble (the CA) and pebble-challtestsrv
// (the DNS the server verifies through, DNS_RESOLVER) on free ports. The demo owner connects www.<domain> in
// Settings -> Domains, reads the TXT record off the screen (it is set in challtestsrv from there), chooses Check
// now and sees the domain go to Secure once Pebble has issued its certificate over HTTP-01. Chromium, with the
// domain mapped to loopback (--host-resolver-rules) and Pebble's issuing (intermediate) key trusted
// (--ignore-certificate-errors-spki-list), then loads https://www.<domain>/ with no certificate error and sees the site; http:// redirects to
// https://; a name that is not a verified domain gets no certificate (the handshake fails). Screens at 1280 and
// 390 px. Skipped, saying why, without pebble.
import { createHash, X509Certificate } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { pebbleMissing, startPebbleServers, type Pebble } from '../packages/server/test/pebble.js'
import { launchBrowser, screenshot, unexpected, watchErrors } from './support/browser.js'
import { demoSite } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'
import { freePort, freshDataDir, removeDataDir, startServer, type RunningServer } from './support/server.js'

const missing = pebbleMissing()
if (missing) console.warn(`custom domains e2e skipped: ${missing}`)

const DOMAIN = 'corner-bakery.test'
const WWW = `www.${DOMAIN}`

let pebble: Pebble
let server: RunningServer
let dataDir: string
let browser: Browser
let context: BrowserContext
let page: Page
let errors: string[]
let httpsPort = 0
let spki = ''

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what Chromium's SPKI allow-list names. */
const spkiHash = (pem: string) => createHash('sha256').update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })).digest('base64')

beforeAll(async () => {
  if (missing) return
  pebble = await startPebbleServers()
  const port = await freePort()
  httpsPort = await freePort()
  // Pebble validates HTTP-01 at the app's own HTTP port (the domain resolves to 127.0.0.1 through challtestsrv)
  await pebble.start(port)
  dataDir = freshDataDir(inject('e2eDataTemplate'))
  server = await startServer({
    dataDir,
    port,
    env: {
      HOST: '127.0.0.1',
      HTTPS_PORT: String(httpsPort),
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_CA_FILE: pebble.caFile,
      DNS_RESOLVER: pebble.dns,
      DOMAIN_TARGETS: '127.0.0.1',
      SECRETS_KEY: 'e2e-custom-domains-secrets-key',
      LOG_LEVEL: 'info',
    },
  })
  // Chromium matches the list against the chain the server presents (leaf and intermediate; a root is never sent):
  // Pebble's intermediate, which signs every certificate it issues and nothing else here, is the one trusted
  spki = spkiHash(await pebble.intermediate())
  browser = await launchBrowser([`--host-resolver-rules=MAP ${WWW} 127.0.0.1, MAP ${DOMAIN} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${spki}`])
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  errors = watchErrors(page)
}, 180_000)

afterAll(async () => {
  await browser?.close().catch(() => undefined)
  await server?.stop().catch(() => undefined)
  await pebble?.stop().catch(() => undefined)
  if (dataDir) removeDataDir(dataDir)
})

async function shots(name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  // nothing wider than the phone's screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe.skipIf(missing !== null)('custom domains with automatic HTTPS (Chromium, pebble)', () => {
  it('the owner connects www.<domain> in the editor; Chromium loads it over HTTPS with no certificate warning', async () => {
    const site = await demoSite(server.baseUrl)
    await page.goto(`/config/sites/${site.id}/settings`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/settings`)
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Domains' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/settings/domains`)
    await page.getByText('No custom domains yet.').waitFor()

    // add: the records to create are on the screen
    await page.getByLabel('Domain name').fill(WWW)
    await page.getByRole('button', { name: 'Add domain' }).click()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: WWW }) })
    await card.getByText('Waiting for DNS').waitFor()
    const txtRow = card.getByRole('row').filter({ has: page.getByRole('cell', { name: 'TXT', exact: true }) })
    const name = (await txtRow.getByRole('cell').nth(1).innerText()).trim()
    const value = (await txtRow.getByRole('cell').nth(2).innerText()).trim()
    expect(name).toBe(`_sitewright.${WWW}`)
    expect(value).toMatch(/^sitewright-verify=[A-Za-z0-9_-]{32}$/)
    expect(await card.getByRole('row').filter({ has: page.getByRole('cell', { name: 'A', exact: true }) }).getByRole('cell').nth(2).innerText()).toBe('127.0.0.1')
    await shots('domains-added')

    // Check now before the record exists: still waiting, with the reason
    await card.getByRole('button', { name: 'Check now' }).click()
    await card.getByText(`No TXT record found at ${name}`, { exact: false }).waitFor()
    await shots('domains-no-record')

    // the owner creates the record (here: in challtestsrv, the DNS the server asks); Check now verifies it and the
    // certificate is ordered from Pebble; the screen goes to Secure by itself
    await pebble.setTxt(name, value)
    await card.getByRole('button', { name: 'Check now' }).click()
    await page.getByRole('status').filter({ hasText: `${WWW} is verified.` }).waitFor()
    await card.getByText('Secure', { exact: true }).waitFor({ timeout: 60_000 })
    expect(await card.innerText()).toContain('Pebble')
    await shots('domains-secure')

    // Chromium over HTTPS at the custom domain: the certificate Pebble issued, no warning, the site's own page
    const secure = await page.goto(`https://${WWW}:${httpsPort}/`)
    expect(secure?.status()).toBe(200)
    expect(page.url()).toBe(`https://${WWW}:${httpsPort}/`)
    const details = await secure!.securityDetails()
    expect(details?.subjectName).toBe(WWW)
    expect(details?.issuer).toContain('Pebble')
    expect(await page.title()).toContain(site.title)
    await page.locator('main').first().waitFor()
    await shots('domains-site-over-https')

    // http:// redirects to https:// (301), path and query kept
    const plain = await page.goto(`http://${WWW}:${server.port}/?from=http`)
    expect(page.url()).toBe(`https://${WWW}:${httpsPort}/?from=http`)
    expect(plain?.status()).toBe(200)
    const hop = plain!.request().redirectedFrom()
    expect(hop?.url()).toBe(`http://${WWW}:${server.port}/?from=http`)
    expect((await hop!.response())?.status()).toBe(301)

    // a name that is not a verified domain gets no certificate at all: the handshake fails
    const other = await page.goto(`https://${DOMAIN}:${httpsPort}/`).then(() => 'loaded', (e: Error) => e.message)
    expect(other).toMatch(/ERR_SSL|ERR_CONNECTION|ERR_CERT/)
    expect(unexpected(errors)).toEqual([])
  }, 180_000)
})
