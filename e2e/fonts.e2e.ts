// Web fonts end to end: the font browser previews each family in its own face; a heading and a body font picked in
// the editor and saved are what the published page downloads (only those woff2 faces, immutable) and computes.
// Also the product editor's rich-text description and SEO fields, as the published product page prints them, and a
// section's background and padding set in its settings, on the canvas and the published page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Response } from 'playwright-core'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary, signInToPages } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  const page = h.page
  await signInToPages(page, site.id)
})
afterAll(async () => h?.close())

describe('web fonts', () => {
  it('the font browser shows each family in its own face', async () => {
    const page = h.page
    // Pages opens on the home page in the canvas; the page list (where Site styles is) folds away beside it
    await page.waitForURL(`**/config/sites/${site.id}/pages/*`)
    await page.getByRole('button', { name: 'Show pages' }).click()
    await page.getByRole('link', { name: 'Site styles' }).click()
    await page.getByRole('heading', { name: 'Site styles' }).waitFor()
    await page.getByRole('button', { name: 'Change heading font' }).click()
    const dialog = page.getByRole('dialog', { name: 'Fonts' })
    await dialog.getByRole('button', { name: /^Playfair Display/ }).waitFor()
    expect(await dialog.locator('.font-list > li').count()).toBeGreaterThanOrEqual(30)
    // the sample of a family is painted in that family once its face arrived
    await expect
      .poll(() => page.evaluate(async () => {
        await document.fonts.ready
        return document.fonts.check('20px "Playfair Display"') && (() => {
          let loaded = false
          document.fonts.forEach((f) => {
            if (f.family.replace(/"/g, '') === 'Playfair Display' && f.status === 'loaded') loaded = true
          })
          return loaded
        })()
      }), { timeout: 10_000 })
      .toBe(true)
    const sample = await dialog.locator('[data-font-family="Bebas Neue"] .font-sample').evaluate((el) => getComputedStyle(el).fontFamily)
    expect(sample.startsWith('"Bebas Neue"')).toBe(true)
    await dialog.getByRole('tab', { name: 'Display', exact: true }).click()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `fonts-browser-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
  })

  it('a font picked and saved is the woff2 the published page loads and the family it computes', async () => {
    const page = h.page
    const dialog = page.getByRole('dialog', { name: 'Fonts' })
    await dialog.getByRole('button', { name: /^Playfair Display/ }).click()
    await page.getByRole('button', { name: 'Change body font' }).click()
    await dialog.getByRole('tab', { name: 'Serif', exact: true }).click()
    await dialog.getByRole('button', { name: /^Lora/ }).click()
    await page.getByText('Changed: fonts.themes').waitFor()
    await page.getByRole('button', { name: 'Save styles' }).click()
    // saved as the draft: visitors see the fonts once they are published
    await page.getByText('Draft saved: publish to show it to visitors').waitFor()
    await page.getByRole('button', { name: 'Publish styles' }).click()
    await page.getByText('Styles published').waitFor()

    const visitor = await h.context.newPage()
    const fonts: Response[] = []
    visitor.on('response', (r) => {
      if (r.url().endsWith('.woff2')) fonts.push(r)
    })
    await visitor.goto(`${site.url}`)
    const computed = await visitor.evaluate(async () => {
      await document.fonts.ready
      const h1 = document.querySelector('h1, h2, .brand')!
      return {
        heading: getComputedStyle(h1).fontFamily,
        body: getComputedStyle(document.body).fontFamily,
        headingLoaded: document.fonts.check('600 20px "Playfair Display"'),
        bodyLoaded: document.fonts.check('400 16px Lora'),
        preloads: Array.from(document.querySelectorAll('link[rel=preload][as=font]'), (l) => new URL((l as HTMLLinkElement).href).pathname),
        fontCssBytes: document.getElementById('site-fonts')?.textContent?.length ?? 0,
      }
    })
    expect(computed.heading.startsWith('"Playfair Display"')).toBe(true)
    expect(computed.body.startsWith('Lora')).toBe(true)
    expect(computed.headingLoaded && computed.bodyLoaded).toBe(true)
    expect(computed.preloads).toHaveLength(2)
    expect(computed.preloads[0]).toMatch(/^\/assets\/fonts\/playfair-display-600-[\w-]{10}\.woff2$/)
    expect(computed.preloads[1]).toMatch(/^\/assets\/fonts\/lora-400-[\w-]{10}\.woff2$/)
    await expect.poll(() => fonts.length).toBeGreaterThanOrEqual(2)
    const paths = fonts.map((r) => new URL(r.url()).pathname)
    expect(paths.every((p) => /^\/assets\/fonts\/(playfair-display|lora)-\d{3}-/.test(p))).toBe(true)
    for (const r of fonts) expect((await r.allHeaders())['cache-control']).toBe('public, max-age=31536000, immutable')
    const bytes = await Promise.all(fonts.map(async (r) => (await r.body()).length))
    console.log(`font payload of the home page: ${fonts.length} faces, ${bytes.reduce((a, b) => a + b, 0)} bytes (${paths.join(', ')}); inline @font-face ${computed.fontCssBytes} chars`)
    for (const width of [1280, 390]) {
      await visitor.setViewportSize({ width, height: 900 })
      await screenshot(visitor, `fonts-published-${width}`)
    }
    await visitor.close()
    const errors = unexpected(h.errors).filter((e) => e.startsWith('pageerror') || /\/(config|api|assets)\//.test(e))
    expect(errors).toEqual([])
  })

  it('the product editor: rich-text description and SEO title/description reach the product page', async () => {
    const page = h.page
    const shop = (await (await h.context.request.get('/shop?format=json')).json()) as { items: { id: string; fullUrl: string; structuredContent: { productType: number } }[] }
    const product = shop.items.find((i) => i.structuredContent.productType === 1)!
    await page.goto(`/config/sites/${site.id}/commerce/products/${product.id}`)
    const description = page.locator('.rich-text-input[aria-label="Description"]')
    await description.waitFor()
    await description.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('Fired twice.')
    await page.getByLabel('SEO title', { exact: true }).fill('Hand-thrown stoneware | Sitewright Demo')
    await page.getByLabel('SEO description', { exact: true }).fill('Wood-fired, food safe, made by the sea.')
    await page.getByLabel('Weight', { exact: true }).fill('0.8')
    await page.getByLabel('Tags', { exact: true }).fill('stoneware, kiln')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `product-editor-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Product saved').waitFor()

    const visitor = await h.context.newPage()
    await visitor.goto(`${site.url.replace(/\/$/, '')}${product.fullUrl}`)
    expect(await visitor.title()).toBe('Hand-thrown stoneware | Sitewright Demo')
    expect(await visitor.locator('meta[name="description"]').getAttribute('content')).toBe('Wood-fired, food safe, made by the sea.')
    expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toBe('Hand-thrown stoneware | Sitewright Demo')
    await visitor.locator('.product-description strong', { hasText: 'Fired twice.' }).waitFor()
    await visitor.close()
  })

  it("a section's background (colour theme) and padding, set in its settings, show on the canvas and the published page", async () => {
    const api = ownerClient(h.server.baseUrl)
    await api.call('POST', '/api/auth/login', DEMO_OWNER)
    const layout = { sections: [{ id: 'sec-one', blocks: [{ id: 'blk-one', type: 2, value: { html: '<h2>Open studio</h2><p>Every first Saturday.</p>' } }] }, { id: 'sec-two', blocks: [{ id: 'blk-two', type: 2, value: { html: '<p>Second section</p>' } }] }] }
    const made = await api.call<{ collection: { id: string } }>('POST', `/api/sites/${site.id}/content/collections`, { typeName: 'page', title: 'Section styles', layout })
    expect(made.status).toBe(201)
    const page = h.page
    await page.goto(`/config/sites/${site.id}/pages/${made.body.collection.id}`)
    await page.getByRole('toolbar', { name: 'Page editing' }).waitFor()
    await page.getByRole('button', { name: 'Settings of Section 1' }).click()
    const settings = page.getByRole('group', { name: 'Section 1 settings' })
    await settings.getByLabel('Background').selectOption({ label: 'Colour theme: Dark' })
    await settings.getByRole('radio', { name: 'L' }).click()
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
    const canvas = page.frameLocator('[data-editor-canvas]')
    const section = canvas.locator('[data-section-id="sec-one"]')
    await expect.poll(() => section.getAttribute('class'), { timeout: 15_000 }).toBe('layout-section section-pad-l section-bg-theme')
    expect(await section.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(28, 31, 34)')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      const show = page.getByRole('button', { name: 'Show panel' })
      if (width === 390 && (await show.count())) await show.click()
      await screenshot(page, `section-settings-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^(Publish|Update)$/ }).click()
    await page.locator('.status-pill.published').waitFor()
    const visitor = await h.context.newPage()
    await visitor.goto(`${site.url.replace(/\/$/, '')}/section-styles`)
    const published = visitor.locator('#section-sec-one')
    expect(await published.getAttribute('class')).toBe('layout-section section-pad-l section-bg-theme')
    expect(await published.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el.querySelector('h2')!).color])).toEqual(['rgb(28, 31, 34)', 'rgb(251, 250, 247)'])
    expect(await visitor.locator('#section-sec-two').getAttribute('class')).toBe('layout-section')
    await screenshot(visitor, 'section-published-1280')
    await visitor.close()
  })
})
