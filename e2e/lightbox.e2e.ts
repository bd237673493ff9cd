// The gallery lightbox in real Chromium on the demo site: the image is fitted inside the window, re-fitted after
// the window is resized (100 ms after the last resize), at 1280 and 390 px wide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { openHarness, type Harness } from './support/fixture.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => {
  await h?.close()
})

const LINK = '[data-gallery][data-lightbox="true"] a[data-lightbox-item]'

describe('gallery lightbox', () => {
  it('fits the image in the window and re-fits it after a resize', async () => {
    const page = h.page
    await page.setViewportSize({ width: 1280, height: 900 })
    let found = false
    for (const path of ['/', '/about', '/galleries']) {
      await page.goto(path)
      if ((await page.locator(LINK).count()) > 0) {
        found = true
        break
      }
    }
    expect(found, 'the demo site has a gallery with the lightbox on').toBe(true)
    await page.locator(LINK).first().click()
    const img = page.locator('.lightbox .lightbox-image')
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.style.width !== ''), { timeout: 10_000 }).toBe(true)
    const inside = () =>
      img.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth
      })
    expect(await inside()).toBe(true)
    await screenshot(page, 'lightbox-1280')
    const before = await img.evaluate((el) => el.style.width)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => img.evaluate((el) => el.style.width), { timeout: 5000 }).not.toBe(before)
    expect(await inside()).toBe(true)
    await screenshot(page, 'lightbox-390')
    await page.keyboard.press('Escape')
    expect(await page.locator('.lightbox').count()).toBe(0)
    expect(unexpected(h.errors)).toEqual([])
  })
})
