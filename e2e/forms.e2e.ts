// The demo site's /contact form in Chromium: the spec's validation messages, then a real submission with the
// ALTCHA proof-of-work captcha solved in the browser, the success text, and the stored submission.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectAxe } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

const form = () => h.page.locator('form[data-site-form]')

/** axe-core violations inside the form block (the page chrome is checked by the theme's own tests). */
async function formViolations(page: Page): Promise<string[]> {
  await injectAxe(page)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run({ include: [['[data-form-block]']] }, { resultTypes: ['violations'] })
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

describe('contact form', () => {
  it('the /contact page context (?format=json) lists the form id and its field ids', async () => {
    const res = await fetch(`${h.server.baseUrl}/contact?format=json`)
    expect(res.status).toBe(200)
    const ctx = (await res.json()) as { layout: { sections: { blocks: { typeName: string; value: { formId: string; form?: { id: string; fields: { id: string }[]; captcha: { enabled: boolean; provider: string } } } }[] }[] } }
    const block = ctx.layout.sections.flatMap((s) => s.blocks).find((b) => b.typeName === 'form')!
    expect(block.value.form!.id).toBe(block.value.formId)
    expect(block.value.form!.fields.map((f) => f.id)).toEqual(['name', 'email', 'subject', 'message', 'interests'])
    expect(block.value.form!.captcha).toMatchObject({ enabled: true, provider: 'altcha' })
  })

  it('shows the spec messages on a failed validation and counts characters', async () => {
    const page = h.page
    await page.goto('/contact')
    await form().waitFor()
    await page.locator('altcha-widget').waitFor()
    await page.getByLabel('Email').fill('ann@example')
    const message = page.getByLabel('Message')
    await message.fill('x'.repeat(501))
    const counter = page.locator('.char-counter')
    await expect.poll(() => counter.textContent()).toBe('501 / 500')
    expect(await counter.getAttribute('class')).toContain('error')
    await page.getByRole('button', { name: 'Send' }).click()
    const errors = page.locator('[data-form-errors]')
    await errors.waitFor({ state: 'visible' })
    expect(await errors.textContent()).toBe('One or more fields is invalid, please check your entries.')
    expect(await page.locator('[data-field-id="email"] [data-field-error]').textContent()).toBe('Email is not valid. Email addresses should follow the format user@domain.com.')
    expect(await page.locator('[data-field-id="message"] [data-field-error]').textContent()).toBe('You have exceeded the character limit.')
    expect(await page.locator('[data-field-id="name"] [data-field-error]').textContent()).toBe('Name is required.')
    // the message once, beside the field errors (no notes above and below the form besides)
    expect(await page.locator('[data-form-problem="top"]').isHidden()).toBe(true)
    expect(await page.locator('[data-form-problem="bottom"]').isHidden()).toBe(true)
    expect(await page.locator('[data-field-id="name"]').getAttribute('class')).toContain('required')
    // a captcha-bound form keeps submit disabled until the captcha is solved again
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    await screenshot(page, 'forms-validation')
    expect(await formViolations(page)).toEqual([])
    expect(unexpected(h.errors)).toEqual([])
  })

  it('submits with the ALTCHA captcha solved in the browser and shows the success text', async () => {
    const page = h.page
    await page.goto('/contact')
    await form().waitFor()
    await page.getByLabel('First Name').fill('Ann')
    await page.getByLabel('Last Name').fill('Lee')
    await page.getByLabel('Email').fill('ann@example.com')
    await page.getByLabel('Subject').selectOption('Order help')
    await page.getByLabel('Message').fill('Is the blue bowl still available?')
    await page.getByLabel('Ceramics').check()
    await page.getByLabel('Workshops').check()
    const robot = page.locator('altcha-widget').getByText("I'm not a robot")
    await robot.evaluate((el) => el.scrollIntoView({ block: 'center' })) // clear of the sticky header
    await robot.click() // the label of the widget's checkbox (its box is drawn over by an SVG)
    await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Send' }).click()
    const success = page.locator('[data-form-success]')
    await success.waitFor({ state: 'visible' })
    expect(await success.textContent()).toContain('Thank you! We will get back to you within two working days.')
    expect(await success.locator('.form-submission-html a').getAttribute('href')).toBe('/')
    expect(await form().isHidden()).toBe(true)
    await screenshot(page, 'forms-success')
    expect(await formViolations(page)).toEqual([])
    expect(unexpected(h.errors)).toEqual([])

    const site = await demoSite(h.server.baseUrl)
    const api = ownerClient(h.server.baseUrl)
    await api.call('POST', '/api/auth/login', DEMO_OWNER)
    const forms = await api.call<{ forms: { id: string; name: string }[] }>('GET', `/api/sites/${site.id}/forms`)
    const contact = forms.body.forms.find((f) => f.name === 'Contact')!
    const list = await api.call<{ submissions: { summary: { id: string; text: string }[] }[] }>('GET', `/api/sites/${site.id}/forms/${contact.id}/submissions`)
    const summary = Object.fromEntries(list.body.submissions[0]!.summary.map((s) => [s.id, s.text]))
    expect(summary).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', subject: 'Order help', interests: 'Ceramics, Workshops' })
  })

  it('after a failed submit the captcha state next to Send says why it is disabled and takes the focus; the thank-you text is scrolled into view', async () => {
    const page = h.page
    const send = page.getByRole('button', { name: 'Send' })
    const state = page.locator('[data-captcha-state]')
    const solve = async () => {
      const robot = page.locator('altcha-widget').getByText("I'm not a robot")
      await robot.evaluate((el) => el.scrollIntoView({ block: 'center' })) // clear of the sticky header
      await robot.click()
      await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 60_000 })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/contact')
    await form().waitFor()
    await page.getByLabel('First Name').fill('Bo')
    await page.getByLabel('Last Name').fill('Park')
    await page.getByLabel('Email').fill('bo@example') // the typo
    await page.getByLabel('Subject').selectOption('General question')
    await page.getByLabel('Message').fill('Do you run evening workshops?')
    await solve()
    expect(await state.isHidden()).toBe(true) // nothing to explain while Send works
    await send.click()
    await page.locator('[data-form-errors]').waitFor({ state: 'visible' })
    expect(await page.locator('[data-form-errors]').textContent()).toBe('One or more fields is invalid, please check your entries.')
    // the failure reset the captcha: Send is disabled, and the visitor is told why, next to the button, with the focus there
    expect(await send.isDisabled()).toBe(true)
    await state.waitFor({ state: 'visible' })
    expect(await state.textContent()).toBe('Complete CAPTCHA before submitting.')
    expect(await state.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await send.getAttribute('aria-describedby')).toBe(await state.getAttribute('id'))
    const near = async () => {
      const [b, s] = [(await send.boundingBox())!, (await state.boundingBox())!]
      const inView = await state.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return r.top >= 0 && r.bottom <= window.innerHeight
      })
      return { inView, gap: Math.max(s.x - (b.x + b.width), s.y - (b.y + b.height)) }
    }
    const wide = await near()
    expect(wide.inView).toBe(true)
    expect(wide.gap).toBeLessThan(40) // beside the button (or just below it on a narrow screen)
    await screenshot(page, 'forms-captcha-state-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await state.scrollIntoViewIfNeeded()
    const narrow = await near()
    expect(narrow.gap).toBeLessThan(40)
    await screenshot(page, 'forms-captcha-state-390')
    await page.setViewportSize({ width: 1200, height: 900 })

    await page.getByLabel('Email').fill('bo@example.com')
    await solve()
    await expect.poll(() => send.isDisabled()).toBe(false)
    expect(await state.isHidden()).toBe(true)
    await send.click()
    expect(await page.locator('[data-form-errors]').isHidden()).toBe(true)
    const thanks = page.locator('[data-form-success] .form-submission-text')
    await thanks.waitFor({ state: 'visible' })
    // scrolled into view and clear of the sticky header (smooth scrolling: wait until it settles)
    const placement = () =>
      thanks.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom
        return r.top >= header && r.bottom <= window.innerHeight
      })
    await expect.poll(placement, { timeout: 5_000 }).toBe(true)
    expect(unexpected(h.errors)).toEqual([])
  }, 150_000)
})

describe('popup overlay newsletter', () => {
  it('signs a visitor up through the forms client, stays closed on the next visit, and the owner sees the entry', async () => {
    const page = h.page
    await page.goto('/blog')
    const popup = page.locator('[data-popup-overlay]')
    await popup.waitFor({ state: 'visible' })
    await popup.getByLabel('Email Address').fill('popup-reader@example.com')
    await popup.getByRole('button', { name: 'Sign me up' }).click()
    const success = popup.locator('[data-form-success]')
    await success.waitFor({ state: 'visible' })
    expect(await success.textContent()).toContain('Thank you for signing up!')
    expect(await popup.locator('form[data-site-form]').isHidden()).toBe(true) // the saved form gives way to the thanks
    expect(new URL(page.url()).search).toBe('') // saved through the API, not posted into the address bar
    await screenshot(page, 'popup-newsletter-success')
    await page.reload()
    await page.locator('main').first().waitFor()
    expect(await popup.isHidden()).toBe(true)
    expect(unexpected(h.errors)).toEqual([])

    const site = await demoSite(h.server.baseUrl)
    const api = ownerClient(h.server.baseUrl)
    await api.call('POST', '/api/auth/login', DEMO_OWNER)
    const forms = await api.call<{ forms: { id: string; mailingListId: string | null }[] }>('GET', `/api/sites/${site.id}/forms`)
    const newsletter = forms.body.forms.filter((f) => f.mailingListId !== null)
    const entries = await Promise.all(
      newsletter.map((f) => api.call<{ submissions: { summary: { id: string; text: string }[] }[] }>('GET', `/api/sites/${site.id}/forms/${f.id}/submissions`)),
    )
    const emails = entries.flatMap((e) => e.body.submissions.flatMap((s) => s.summary.filter((x) => x.id === 'email').map((x) => x.text)))
    expect(emails).toContain('popup-reader@example.com')
  })
})
