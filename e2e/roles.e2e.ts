// Website roles in Chromium: the demo owner invites an EDITOR from Settings > Contributors; the invitee opens the
// mailed link (read from the SMTP sink), signs up, accepts, and works on the site without Commerce: the section is
// not in the navigation and its address says the role does not include it. Screenshots at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

let h: Harness
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: sink.url } })
})
afterAll(async () => {
  await h?.close()
  await sink?.close()
})

describe('website roles', () => {
  const email = `editor-${Date.now()}@example.com`
  let link = ''

  it('the owner invites an EDITOR by email from Settings', async () => {
    const site = await demoSite(h.server.baseUrl)
    const page = h.page
    await page.goto('/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/config/sites/**')
    await page.goto(`/config/sites/${site.id}/settings`)
    await page.getByRole('heading', { name: 'Contributors' }).waitFor()
    await page.locator('#invite-email').fill(email)
    await page.locator('#invite-role').selectOption({ label: 'Editor' })
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByText(`An invitation was sent to ${email}.`).waitFor()
    expect((await page.locator('.contributors').textContent()) ?? '').toContain(email)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'roles-invite-1280')
    const mail = await sink.waitFor((m) => m.to.includes(email), 20_000)
    link = /http:\/\/\S+\/config\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? ''
    expect(link).toBeTruthy()
  })

  it('the invitee signs up, accepts, and cannot open Commerce', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const path = new URL(link).pathname + new URL(link).search
    await page.goto(path)
    await page.waitForURL('**/config/login')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('a-fine-editor-secret')
    await page.getByLabel('Site title', { exact: true }).fill('Editor Own Site')
    await page.getByRole('button', { name: 'Create site' }).click()
    await page.waitForURL('**/config/start/**') // the starter chooser follows sign-up
    await page.goto(path)
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.waitForURL('**/pages/*') // the home page open in the canvas
    const site = await demoSite(h.server.baseUrl)
    expect(page.url()).toContain(`/config/sites/${site.id}/pages`)
    const nav = page.getByRole('navigation', { name: 'Sections' })
    await nav.getByRole('link', { name: 'Pages' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Commerce' }).count()).toBe(0)
    await page.goto(`/config/sites/${site.id}/commerce`)
    await page.getByText('Your role on this site (editor) does not include Commerce.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'roles-editor-no-commerce-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'roles-editor-no-commerce-390')
    const res = await page.request.get(`/api/sites/${site.id}/commerce/products`)
    expect(res.status()).toBe(403)
    await context.close()
  })
})
