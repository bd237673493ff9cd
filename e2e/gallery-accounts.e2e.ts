// Gallery connected accounts in real Chromium: the owner switches a gallery block to "Connected accounts" and
// connects a photo feed (a local stand-in feed server with 80 photos); the published gallery shows 50 of them in its
// grid; at 20 accounts the editor stops and says why. Screenshots of the editor and the published gallery at 1280 and
// 390 px. The feed's images are the demo site's own files (the page's CSP lets same-origin and https images in).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness, type SiteSummary, until } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary
let api: OwnerClient
let pageId: string
let stub: Server
let feedBase: string
let photos: string[] = []

type Layout = { sections: { id: string; blocks: { id: string; type: number; value: Record<string, unknown> }[] }[] }
async function stored(): Promise<Layout> {
  return (await api.call<{ collection: { layout: Layout } }>('GET', `/api/sites/${site.id}/content/collections/${pageId}`)).body.collection.layout
}
const accountsOf = (l: Layout) => (l.sections[0]!.blocks[0]!.value.accounts as { feedUrl: string; provider: string; title?: string }[] | undefined) ?? []

/** Selects the gallery block on the canvas (again if the canvas was still loading) until its editor is open. */
async function openGalleryEditor() {
  const page = h.page
  const source = page.getByRole('radio', { name: 'Connected accounts' })
  for (let i = 0; i < 5 && !(await source.isVisible()); i++) {
    await page.frameLocator('[data-editor-canvas]').locator('[data-block-id="blk-gal"]').click()
    await source.waitFor({ timeout: 3000 }).catch(() => undefined)
  }
}

beforeAll(async () => {
  stub = createServer((req, res) => {
    const n = Number(new URL(req.url ?? '/', 'http://stub').searchParams.get('n') ?? 80)
    res.setHeader('content-type', 'application/feed+json')
    res.end(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'Harbour photos', items: Array.from({ length: n }, (_, i) => ({ id: String(i), title: `Harbour photo ${i + 1}`, url: `https://photos.example.com/harbour/${i + 1}`, image: `${photos[i % photos.length]}?format=300w&photo=${i + 1}` })) }))
  })
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
  feedBase = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  h = await openHarness({ env: { GALLERY_FEED_ALLOW_PRIVATE: '1' } })
  site = await demoSite(h.server.baseUrl)
  api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const files = await api.call<{ files: { kind: string; assetUrl: string }[] }>('GET', `/api/sites/${site.id}/files`)
  photos = files.body.files.filter((f) => f.kind === 'image').map((f) => `${h.server.baseUrl}${f.assetUrl}`)
  expect(photos.length).toBeGreaterThan(2)
  const layout = { sections: [{ id: 'sec-a', blocks: [{ id: 'blk-gal', type: 8, value: { imageIds: [] } }] }] }
  const made = await api.call<{ collection: { id: string } }>('POST', `/api/sites/${site.id}/content/collections`, { typeName: 'page', title: 'Harbour photos', layout, status: 'published' })
  expect(made.status).toBe(201)
  pageId = made.body.collection.id
  const page = h.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToPages(page, site.id)
}, 120_000)
afterAll(async () => {
  await h?.close()
  stub?.close()
})

describe('gallery connected accounts', () => {
  it('connects a photo feed in the editor; the published gallery shows 50 of its 80 photos', async () => {
    const page = h.page
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    await openGalleryEditor()
    await page.getByRole('radio', { name: 'Connected accounts' }).check()
    const panel = page.locator('[data-gallery-accounts]')
    await panel.waitFor()
    await panel.getByLabel('Service').selectOption('flickr')
    await panel.getByLabel('Public photo feed address').fill('not a feed')
    await panel.getByRole('button', { name: 'Connect account' }).click()
    await panel.getByText('Enter the address of the account’s public photo feed (http or https).').waitFor()
    await panel.getByLabel('Public photo feed address').fill(`${feedBase}/feed.json?n=80`)
    await panel.getByLabel('Name shown (optional)').fill('Harbour on Flickr')
    await panel.getByRole('button', { name: 'Connect account' }).click()
    const layout = await until(stored, (l) => accountsOf(l).length === 1, 'the account saved')
    expect(accountsOf(layout)).toEqual([{ provider: 'flickr', feedUrl: `${feedBase}/feed.json?n=80`, title: 'Harbour on Flickr' }])
    expect(layout.sections[0]!.blocks[0]!.value.source).toBe('accounts')
    // the canvas (the draft render) shows the account's photos once the save fetched the feed
    const canvasImages = page.frameLocator('[data-editor-canvas]').locator('[data-block-id="blk-gal"] img')
    await until(() => canvasImages.count(), (n) => n === 50, 'the 50 photos in the canvas')
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
    await screenshot(page, 'gallery-accounts-editor-1280')
    expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    const show = page.getByRole('button', { name: 'Show panel' })
    if (await show.isVisible()) await show.click()
    await panel.scrollIntoViewIfNeeded()
    await screenshot(page, 'gallery-accounts-editor-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.goto('/harbour-photos')
    const shown = page.locator('.gallery-grid-item img')
    await until(() => shown.count(), (n) => n === 50, 'the 50 photos on the published page')
    expect(await shown.first().getAttribute('alt')).toBe('Harbour photo 1')
    expect(await shown.last().getAttribute('alt')).toBe('Harbour photo 50')
    expect(await page.locator('.gallery-grid-item a').first().getAttribute('href')).toBe('https://photos.example.com/harbour/1')
    // the photos load (same-origin files here)
    await until(() => shown.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), (ok) => ok, 'the first photo loaded')
    // the photos are lazy (they load as they come into view): load them all for the full-page screenshot
    await shown.evaluateAll((imgs: HTMLImageElement[]) => imgs.forEach((i) => (i.loading = 'eager')))
    await until(() => shown.evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => `${i.complete} ${i.src}`)), (bad) => bad.length === 0, 'every photo loaded')
    await screenshot(page, 'gallery-accounts-published-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'gallery-accounts-published-390')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('at 20 accounts the editor stops connecting more and says why', async () => {
    const page = h.page
    const accounts = Array.from({ length: 20 }, (_, i) => ({ provider: 'rss', feedUrl: `${feedBase}/feed.json?n=1&a=${i + 1}` }))
    const saved = await api.call('PUT', `/api/sites/${site.id}/content/collections/${pageId}/layout`, { sections: [{ id: 'sec-a', blocks: [{ id: 'blk-gal', type: 8, value: { source: 'accounts', accounts } }] }] })
    expect(saved.status).toBe(200)
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    await openGalleryEditor()
    const full = page.locator('[data-gallery-accounts-full]')
    await full.waitFor()
    expect(await full.innerText()).toContain('A gallery connects at most 20 accounts.')
    expect(await page.getByRole('button', { name: 'Connect account' }).count()).toBe(0)
    expect(unexpected(h.errors)).toEqual([])
  })
})
