// Starter templates end to end: sign up -> choose each starter (shown as live previews) -> land in the canvas on the
// new site's home page with the getting-started checklist -> publish -> the public site shows the starter's home
// page. Then "New site" and "Duplicate site" from the site switcher. Screenshots of the chooser and the checklist at
// 1280 and 390 px.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { openHarness, type Harness } from './support/fixture.js'
import { ARTIFACTS } from './support/paths.js'
import { join } from 'node:path'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

const STARTERS = [
  { id: 'store', name: 'Shop', home: 'Soy candles, cold-process soaps', text: 'welcome' },
  { id: 'portfolio', name: 'Portfolio', home: 'I am Ana, a photographer and designer', text: 'welcome' },
  { id: 'journal', name: 'Journal', home: 'I walk, I read, I cook for one.', text: 'welcome' },
  { id: 'restaurant', name: 'Restaurant', home: 'A small room on Rua das Flores', text: 'welcome-text' },
]

async function signUp(page: Page, slug: string, title: string) {
  await page.goto('/config/signup')
  await page.getByLabel('Email', { exact: true }).fill(`${slug}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('a-long-starter-secret')
  await page.getByLabel('Site title', { exact: true }).fill(title)
  await page.getByLabel('Site address (optional)', { exact: true }).fill(slug)
  await page.getByRole('button', { name: 'Create site' }).click()
  await page.waitForURL('**/config/start/*')
}

/** Every preview iframe shows its starter's home page (each scrolled to: they load lazily). */
async function previewsShown(page: Page) {
  for (const s of STARTERS) {
    await page.locator(`[data-starter="${s.id}"]`).scrollIntoViewIfNeeded()
    const frame = page.frameLocator(`[data-starter="${s.id}"] iframe`)
    await frame.getByText(s.home, { exact: false }).first().waitFor({ timeout: 30_000 })
  }
}

const stepDone = (page: Page, step: string) => page.locator(`[data-onboarding] [data-step="${step}"]`).getAttribute('data-done')

describe('starter templates', () => {
  for (const [i, s] of STARTERS.entries()) {
    it(`signs up, chooses "${s.name}", lands in the canvas with the checklist, publishes`, async () => {
      const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const errors = watchErrors(page)
      try {
        const slug = `st-${s.id}-${Date.now().toString(36)}`
        await signUp(page, slug, `My ${s.name}`)
        await page.getByRole('heading', { name: 'Choose a starting point' }).waitFor()
        await page.locator('[data-starter]').first().waitFor()
        expect(await page.locator('[data-starter]').count()).toBeGreaterThanOrEqual(4)
        if (i === 0) {
          await previewsShown(page)
          await screenshot(page, 'starters-chooser-1280')
          expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
          await page.setViewportSize({ width: 390, height: 844 })
          await previewsShown(page)
          // the viewport as a phone shows it (a full-page capture does not repaint the scaled cross-site frames)
          await page.evaluate(() => window.scrollTo(0, 0))
          await page.screenshot({ path: join(ARTIFACTS, 'starters-chooser-390.png') })
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
          await page.setViewportSize({ width: 1280, height: 900 })
        }
        await page.getByRole('button', { name: `Use this template (${s.name})` }).click()
        await page.waitForURL('**/config/sites/*/pages/*', { timeout: 60_000 })
        await page.frameLocator('[data-editor-canvas]').getByText(s.home, { exact: false }).first().waitFor({ timeout: 30_000 })
        const checklist = page.locator('[data-onboarding]')
        await checklist.waitFor()
        // on Pages the checklist starts folded in the navigation row (it never covers the canvas)
        expect(await checklist.locator('[data-step]').count()).toBe(0)
        await checklist.getByRole('button', { name: /Getting started/ }).click()
        expect(await checklist.locator('[data-step]').count()).toBe(4)
        expect(await stepDone(page, 'publish')).toBe('false')
        expect(await stepDone(page, 'edit-home')).toBe('false')
        // edit the home text in place: the step ticks itself once the change is saved
        const canvas = page.frameLocator('[data-editor-canvas]')
        await canvas.locator(`[data-block-id="${s.text}"]`).click()
        await page.getByRole('button', { name: 'Edit text' }).click()
        await canvas.locator(`[data-block-id="${s.text}"] [contenteditable="true"]`).waitFor()
        await page.keyboard.press('Control+End')
        await page.keyboard.type(' Typed by the new owner.')
        await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 })
        await page.keyboard.press('Escape')
        await expect.poll(() => stepDone(page, 'edit-home'), { timeout: 15_000 }).toBe('true')
        await page.getByRole('button', { name: 'Publish', exact: true }).click()
        await expect.poll(() => stepDone(page, 'publish'), { timeout: 15_000 }).toBe('true')
        await checklist.getByText('2 of 4 done').waitFor()
        if (i === 0) {
          await screenshot(page, 'starters-checklist-1280')
          // a narrow screen starts with the checklist folded along the bottom edge
          await page.setViewportSize({ width: 390, height: 844 })
          await page.reload()
          await checklist.getByText('2 of 4 done').waitFor()
          expect(await checklist.locator('[data-step]').count()).toBe(0)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
          await screenshot(page, 'starters-checklist-390')
          await checklist.getByRole('button', { name: /Getting started/ }).click()
          await checklist.locator('[data-step]').first().waitFor()
          await screenshot(page, 'starters-checklist-390-open')
          await page.setViewportSize({ width: 1280, height: 900 })
        }
        const res = await page.goto(`http://${slug}.localhost:${h.server.port}/`)
        expect(res?.status()).toBe(200)
        await page.getByText(s.home, { exact: false }).first().waitFor()
        await page.getByText('Typed by the new owner.', { exact: false }).first().waitFor()
        expect(unexpected(errors).filter((e) => !/favicon/.test(e))).toEqual([])
      } finally {
        await context.close()
      }
    }, 180_000)
  }

  it('makes a new site from the switcher and duplicates a site; the checklist can be dismissed', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      const slug = `st-new-${Date.now().toString(36)}`
      await signUp(page, slug, 'First site')
      await page.getByRole('button', { name: 'Start from a blank site' }).click()
      await page.waitForURL('**/config/sites/*/pages')
      expect(await page.locator('[data-onboarding]').count()).toBe(0)
      await page.getByRole('button', { name: 'New site' }).click()
      await page.waitForURL('**/config/start')
      await page.getByRole('heading', { name: 'New site' }).waitFor()
      await page.getByRole('button', { name: 'Use this template (Journal)' }).click()
      await page.getByText('Enter a site title.').waitFor()
      await page.getByLabel('Site title', { exact: true }).fill('Walking notes')
      await page.getByRole('button', { name: 'Use this template (Journal)' }).click()
      await page.waitForURL('**/config/sites/*/pages/*', { timeout: 60_000 })
      const options = await page.getByLabel('Site', { exact: true }).locator('option').allTextContents()
      expect(options).toEqual(['First site (Administrator)', 'Walking notes (Administrator)'])
      await page.locator('[data-onboarding]').waitFor()
      await page.getByRole('button', { name: 'Dismiss the getting started checklist' }).click()
      await page.locator('[data-onboarding]').waitFor({ state: 'detached' })

      page.once('dialog', (d) => void d.accept())
      await page.getByRole('button', { name: 'Duplicate site' }).click()
      await expect.poll(async () => (await page.getByLabel('Site', { exact: true }).locator('option').allTextContents()).length, { timeout: 30_000 }).toBe(3)
      await expect.poll(() => page.getByLabel('Site', { exact: true }).locator('option:checked').textContent(), { timeout: 15_000 }).toBe('Walking notes (copy) (Administrator)')
      await page.getByText('Journal').first().waitFor()
    } finally {
      await context.close()
    }
  }, 180_000)
})
