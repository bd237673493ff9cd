// Paid memberships and donations in Chromium against the real server. A new member, signed in, is denied the
// paid Studio page, which shows the membership's price and a Join button; Join goes to its checkout (email filled
// in), the test card pays, the MEMBERSHIP_CONFIRMED page links to the area, and the page opens; the account page
// lists the membership's order (its order page shows the money lines) and cancelling keeps access until the period
// ends. A visitor gives a custom amount through the donation block's DONATE page, sees the CONTRIBUTION_CONFIRMED
// page and gets the receipt mail.
// Screenshots at 1280 and 390 px; axe-clean.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
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

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function pay(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry month').fill('12')
  await page.getByLabel('Expiry year').fill('30')
  await page.getByLabel('Security code').fill('123')
}

describe('paid memberships', () => {
  const email = `studio-${Date.now()}@example.com`
  const password = 'wheel-thrown-bowls-42'
  it('a visitor sees the paid page\'s price and a Join button besides the sign-in form', async () => {
    const page = h.page
    const res = await page.goto('/studio')
    expect(res?.status()).toBe(403)
    expect(await page.locator('h1').textContent()).toBe('This page available only site members')
    await page.locator('.paywall').getByText('Studio membership').waitFor()
    expect(await page.locator('.paywall-price').textContent()).toBe('$12.00 every month')
    expect(await page.locator('.paywall-note').textContent()).toBe('Cancel any time from your account.')
    await page.getByRole('button', { name: 'Join' }).waitFor()
    await page.locator('form[data-member-form="sign-in"]').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'paid-paywall')
  })

  it('a new member joins at checkout and then reads the paid page; the free Members page stays open', async () => {
    // (the demo member's address, member@sitewright.local, fails the checkout's email rule: a last label of 2 to 4)
    const page = h.page
    await page.goto('/account/sign-up')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirm your email'), 20_000)
    const link = new URL(/http:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0])
    await page.goto(link.pathname + link.search)
    await page.goto('/studio')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // signed in, the member has no membership yet: still denied, still offered
    await page.locator('.system-member-denied .paywall').waitFor()
    expect((await page.goto('/members'))?.status()).toBe(200)
    await page.goto('/studio')
    await page.getByRole('button', { name: 'Join' }).click()
    await page.waitForURL((u) => u.pathname === '/checkout' && u.searchParams.has('cartToken'))
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email)
    await page.getByText('Studio membership').first().waitFor()
    await pay(page)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForURL((u) => u.pathname.startsWith('/commerce/orders/'))
    expect(await page.locator('h1').textContent()).toBe('Welcome, you are a member')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'paid-membership-confirmed')
    await page.getByRole('link', { name: 'Studio diary' }).click()
    await page.waitForURL((u) => u.pathname === '/studio')
    await page.getByText('three test tiles of the new celadon').waitFor()
  })

  it('the account lists the order; its page shows the money lines; a wrong gift card code has no balance', async () => {
    const page = h.page
    await page.goto('/account')
    const order = page.locator('.member-orders li').first()
    await order.getByText('Paid').waitFor()
    expect(await order.locator('.member-order-total').textContent()).toBe('$12.00')
    await page.getByLabel('Gift card code').fill('NOPE-NOPE-NOPE-NOPE')
    await page.getByRole('button', { name: 'Check the balance' }).click()
    await page.getByText('No gift card has this code. Check the code and try again.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'account-orders')
    await order.locator('.member-order-link').click()
    await page.waitForURL((u) => u.pathname.startsWith('/account/orders/'))
    expect(await page.locator('h1').textContent()).toMatch(/^Order #\d+$/)
    await page.locator('.cart-line', { hasText: 'Studio membership' }).waitFor()
    expect(await page.locator('dd[data-summary="total"]').textContent()).toBe('$12.00')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'account-order-detail')
  })

  it('the account lists the membership; cancelling keeps access until the end of the month paid', async () => {
    const page = h.page
    await page.goto('/account')
    const row = page.locator('.member-subscriptions li', { hasText: 'Studio membership' })
    await row.getByText('Active').waitFor()
    await row.getByRole('button', { name: 'Cancel' }).click()
    await row.getByRole('button', { name: 'Yes, cancel' }).click()
    await page.locator('.member-subscriptions li', { hasText: 'Cancelled: ends on' }).waitFor()
    await shots(page, 'paid-account-cancelled')
    const res = await page.goto('/studio')
    expect(res?.status()).toBe(200)
    await page.getByText('three test tiles of the new celadon').waitFor()
  })
})

describe('donations', () => {
  it('the donation block leads to the DONATE page; a custom amount is given; the receipt is mailed', async () => {
    const page = await h.context.newPage()
    await page.goto('/support')
    const block = page.locator('.donation-block')
    await block.getByText('Keep the kiln lit').waitFor()
    // amounts print as the theme's money spans (the currency symbol comes from site.css)
    expect(await block.locator('.donation-presets li').first().textContent()).toBe('10.00')
    expect(await block.locator('.donation-presets li').first().getAttribute('data-currency')).toBe('USD')
    expect(await axeViolations(page)).toEqual([])
    await block.scrollIntoViewIfNeeded()
    await shots(page, 'donation-block')
    await block.getByRole('link', { name: 'Donate' }).click()
    await page.waitForURL((u) => u.pathname === '/donate')
    expect(await page.locator('h1').textContent()).toBe('Keep the kiln lit')
    // a preset fills the amount; too little is refused with a clear message
    await page.locator('label.donate-preset', { hasText: '$25.00' }).click()
    expect(await page.getByLabel('Your amount').inputValue()).toBe('25.00')
    await page.getByLabel('Your amount').fill('0.50')
    await page.getByLabel('Email').fill('donor@example.com')
    await page.getByLabel('Name (optional)').fill('Grace')
    await pay(page)
    await page.locator('.donate-page').getByRole('button', { name: 'Donate' }).click()
    await expect.poll(() => page.locator('[data-donate-status]').textContent()).toBe('The smallest donation is $1.00.')
    await page.getByLabel('Your amount').fill('37.50')
    expect(await page.locator('[data-donate-total]').textContent()).toBe('37.50 once')
    expect(await page.locator('[data-donate-total] .sqs-money-native').getAttribute('data-currency')).toBe('USD')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'donation-donate-page')
    await page.locator('.donate-page').getByRole('button', { name: 'Donate' }).click()
    await page.waitForURL((u) => u.pathname.startsWith('/commerce/orders/'))
    expect(await page.locator('h1').textContent()).toBe('Thank you for your donation')
    expect(await page.locator('.contribution-amount strong').textContent()).toBe('37.50')
    expect(await axeViolations(page)).toEqual([])
    await shots(page, 'donation-confirmed')
    const mail = await sink.waitFor((m) => m.to.includes('donor@example.com') && m.subject.startsWith('Thank you for your donation'), 20_000)
    expect(mail.text).toContain('We received your donation of $37.50')
    await page.close()
  })
})

describe('owner editor', () => {
  it('the Studio page settings pick the membership product; the donation block edits its amounts', async () => {
    const site = await demoSite(h.server.baseUrl)
    const api = ownerClient(h.server.baseUrl)
    await api.call('POST', '/api/auth/login', DEMO_OWNER)
    const pages = await api.call<{ collections: { id: string; urlId: string }[] }>('GET', `/api/sites/${site.id}/content/collections`)
    const studio = pages.body.collections.find((c) => c.urlId === 'studio')!
    const support = pages.body.collections.find((c) => c.urlId === 'support')!
    const page = await h.context.newPage()
    await page.goto(`/config/sites/${site.id}/pages/${studio.id}`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/pages**`)
    await page.goto(`/config/sites/${site.id}/pages/${studio.id}`)
    await page.getByRole('toolbar', { name: 'Page editing' }).waitFor()
    const toggle = page.locator('button.panel-toggle')
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
    await page.getByRole('tab', { name: 'Settings' }).click()
    await expect.poll(() => page.getByLabel('Readers').inputValue()).toBe('product')
    expect(await page.getByLabel('Membership product').locator('option:checked').textContent()).toBe('Studio membership: $12.00 (recurring)')
    await page.getByLabel('Readers').selectOption('members')
    await page.getByRole('button', { name: 'Save who may read it' }).click()
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor() // not the editor's 'All changes saved'
    expect((await page.context().request.get('/studio', { headers: { cookie: '' } })).status()).toBe(403)
    await page.getByLabel('Readers').selectOption('product')
    await page.getByRole('button', { name: 'Save who may read it' }).click()
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor() // not the editor's 'All changes saved'
    await page.locator('.member-area-access').scrollIntoViewIfNeeded()
    await shots(page, 'paid-editor-area-access')

    await page.goto(`/config/sites/${site.id}/pages/${support.id}`)
    await page.getByRole('toolbar', { name: 'Page editing' }).waitFor()
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
    await page.getByRole('tab', { name: 'Blocks' }).click()
    const canvas = page.frameLocator('[data-editor-canvas]')
    await canvas.locator('.donation-block').click()
    const amounts = page.getByLabel('Suggested amounts (store currency)')
    await expect.poll(() => amounts.inputValue()).toBe('10, 25, 50, 100')
    await amounts.fill('10, 0')
    await page.getByText('Amounts go from 1 to 10,000.').waitFor()
    await amounts.fill('15, 30, 60')
    expect(await page.getByLabel('Offer monthly donations').isChecked()).toBe(true)
    await shots(page, 'paid-editor-donation-block')
    await page.close()
  })
})
