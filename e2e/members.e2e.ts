// A visitor becomes a site member in Chromium: the locked Members page offers sign-in, sign-up sends a verification
// mail (read from the SMTP sink the real server sends to), the link confirms the email, signing in opens the page,
// the header link reads 'Account', and signing out locks it again. Screenshots at 1280 and 390 px, axe-clean.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { openHarness, type Harness } from './support/fixture.js'
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

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('site members', () => {
  const email = `potter-${Date.now()}@example.com`
  const password = 'wheel-thrown-bowls-42'

  it('the Members page is locked with a sign-in form in place', async () => {
    const page = h.page
    const res = await page.goto('/members')
    expect(res?.status()).toBe(403)
    expect(await page.locator('h1').textContent()).toBe('This page available only site members')
    await page.locator('form[data-member-form="sign-in"]').waitFor()
    expect(await page.locator('[data-account-link]').textContent()).toBe('Sign in')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'members-locked')
  })

  it('sign-up answers "check your mail" and mails a verification link that confirms the email', async () => {
    const page = h.page
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL('**/account/sign-up')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    const status = page.locator('[data-member-status]')
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Check your mail: we have sent you a link to continue.')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'members-sign-up')
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirm your email'), 20_000)
    const link = /http:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    await page.goto(new URL(link!).pathname + new URL(link!).search)
    expect(await page.locator('h1').textContent()).toBe('Your email is confirmed')
  })

  it('signing in opens the Members page; the header link reads Account; signing out locks it again', async () => {
    const page = h.page
    await page.goto('/members')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Glaze recipes and firing logs').waitFor()
    await expect.poll(() => page.locator('[data-account-link]').textContent()).toBe('Account')
    await shots(page, 'members-open')
    await page.locator('[data-account-link]').click()
    await page.waitForURL('**/account')
    await page.getByText(email).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'members-account')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    const res = await page.goto('/members')
    expect(res?.status()).toBe(403)
    expect(unexpected(h.errors).filter((e) => !/status of 40[13]/.test(e))).toEqual([])
  })
})
