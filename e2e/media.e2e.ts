// Media in the canvas editor: drop 5 images on the gallery editor at once (5 progress bars, then 5 images), reorder
// them by drag, give one a title, alt text and link; set an image block's focal point and crop in the dialog and
// see both on the published page. Screenshots of the upload progress, the gallery editor and the dialog at 1280
// and 390 px.
import type { FrameLocator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary, until, pressUntil } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { join } from 'node:path'
import { ARTIFACTS, DEMO_OWNER } from './support/paths.js'
import { png } from './support/png.js'

let h: Harness
let site: SiteSummary
let api: OwnerClient
let pageId: string
let canvas: FrameLocator
let heroId: string

type Block = { id: string; type: number; value: Record<string, unknown> }
type Layout = { sections: { id: string; blocks: Block[] }[] }
type File = { id: string; title: string; altText: string; originalSize: string; mediaFocalPoint: { x: number; y: number }; crop: null | Record<string, unknown> }
async function stored(): Promise<Layout> {
  const res = await api.call<{ collection: { layout: Layout } }>('GET', `/api/sites/${site.id}/content/collections/${pageId}`)
  return res.body.collection.layout
}
const block = (l: Layout, id: string) => l.sections.flatMap((s) => s.blocks).find((b) => b.id === id)!
const galleryIds = (l: Layout) => (block(l, 'blk-gal').value.imageIds as string[] | undefined) ?? []
async function file(id: string): Promise<File> {
  return (await api.call<{ file: File }>('GET', `/api/sites/${site.id}/files/${id}`)).body.file
}

/** An upload from the logged-in browser (multipart, with the crumb), for the image block's picture. */
async function uploadPng(name: string, data: Buffer): Promise<string> {
  return h.page.evaluate(
    async ({ siteId, name, b64 }) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '')
      const form = new FormData()
      form.append('file', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }), name)
      const res = await fetch(`/api/sites/${siteId}/files`, { method: 'POST', body: form, headers: { 'x-csrf-token': crumb, accept: 'application/json' } })
      return ((await res.json()) as { file: { id: string } }).file.id
    },
    { siteId: site.id, name, b64: data.toString('base64') },
  )
}

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const page = h.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/config/sites/${site.id}/pages`)
  await page.waitForURL('**/config/login')
  await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`**/config/sites/${site.id}/pages**`)
  heroId = await uploadPng('wide-hero.png', png(400, 200, 90))
  const layout: Layout = {
    sections: [
      { id: 'sec-a', blocks: [{ id: 'blk-img', type: 5, value: { imageId: heroId } }] },
      { id: 'sec-b', blocks: [{ id: 'blk-gal', type: 8, value: { imageIds: [] } }] },
    ],
  }
  const made = await api.call<{ collection: { id: string } }>('POST', `/api/sites/${site.id}/content/collections`, { typeName: 'page', title: 'Media proof', layout })
  expect(made.status).toBe(201)
  pageId = made.body.collection.id
  await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
  canvas = page.frameLocator('[data-editor-canvas]')
})
afterAll(async () => h?.close())

describe('media editing', () => {
  it('drops 5 images on the gallery editor at once: 5 progress bars, then 5 images', async () => {
    const page = h.page
    await canvas.locator('[data-block-id="blk-gal"]').click()
    const drop = page.locator('[data-gallery-drop]')
    await drop.waitFor()
    // hold every upload until the five bars have been seen together
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route(`**/api/sites/${site.id}/files`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await held
      return route.continue()
    })
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `gallery-${i + 1}.png`, data: png(60, 40, 40 + i * 40).toString('base64') }))
    await drop.evaluate((el, list) => {
      const dt = new DataTransfer()
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }))
      const r = el.getBoundingClientRect()
      const at = { bubbles: true, cancelable: true, dataTransfer: dt, clientX: r.left + 5, clientY: r.top + 5 }
      el.dispatchEvent(new DragEvent('dragover', at))
      el.dispatchEvent(new DragEvent('drop', at))
    }, files)
    const bars = page.locator('[data-upload-row] progress')
    await until(() => bars.count(), (n) => n === 5, 'five progress bars')
    await screenshot(page, 'media-upload-progress-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    const show = page.getByRole('button', { name: 'Show panel' })
    if (await show.isVisible()) await show.click()
    await page.locator('[data-upload-row]').first().scrollIntoViewIfNeeded()
    await screenshot(page, 'media-upload-progress-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    release()
    const layout = await until(stored, (l) => galleryIds(l).length === 5, 'five images in the gallery')
    await until(() => page.locator('[data-gallery-image]').count(), (n) => n === 5, 'five images in the gallery editor')
    await page.unroute(`**/api/sites/${site.id}/files`)
    // in the order they were dropped
    const names = await Promise.all(galleryIds(layout).map(async (id) => (await api.call<{ file: { filename: string } }>('GET', `/api/sites/${site.id}/files/${id}`)).body.file.filename))
    expect(names).toEqual(files.map((f) => f.name))
  })

  it('reorders gallery images by drag and by the move buttons', async () => {
    const page = h.page
    const before = galleryIds(await stored())
    await page.locator(`[data-gallery-image="${before[0]}"]`).dragTo(page.locator(`[data-gallery-image="${before[2]}"]`), { targetPosition: { x: 60, y: 20 } })
    const dragged = await until(stored, (l) => galleryIds(l)[0] !== before[0], 'the dragged order saved')
    expect(galleryIds(dragged)).toEqual([before[1], before[2], before[0], before[3], before[4]])
    await page.getByRole('button', { name: 'Move image 5 earlier' }).click()
    const moved = await until(stored, (l) => galleryIds(l)[3] === before[4], 'the moved order saved')
    expect(galleryIds(moved)).toEqual([before[1], before[2], before[0], before[4], before[3]])
  })

  it('gives one gallery image a title, alt text and link, seen on the published page', async () => {
    const page = h.page
    const ids = galleryIds(await stored())
    await page.getByRole('button', { name: 'Image 1: edit its details' }).click()
    const details = page.locator('[data-gallery-details]')
    await details.getByLabel('Title').fill('Glaze test')
    await details.getByLabel('Alt text').fill('Five bowls in a row')
    await details.getByLabel('Title').focus()
    await until(() => file(ids[0]!), (f) => f.altText === 'Five bowls in a row' && f.title === 'Glaze test', 'title and alt text saved')
    await details.getByRole('button', { name: 'Add link' }).click()
    const dialog = page.getByRole('dialog', { name: 'Link Editor' })
    await dialog.getByLabel('Page URL').fill('/kiln-log')
    await dialog.getByRole('button', { name: 'Save link' }).click()
    await until(stored, (l) => (block(l, 'blk-gal').value.links as Record<string, string> | undefined)?.[ids[0]!] === '/kiln-log', 'the link saved')
    await screenshot(page, 'media-gallery-editor-1280')
    expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    const show = page.getByRole('button', { name: 'Show panel' })
    if (await show.isVisible()) await show.click()
    await page.locator('[data-gallery-details]').scrollIntoViewIfNeeded()
    await screenshot(page, 'media-gallery-editor-390')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('sets the focal point and crop of an image in the dialog, seen on the published page', async () => {
    const page = h.page
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    await canvas.locator('[data-block-id="blk-img"]').click()
    await page.getByRole('button', { name: 'Focal point and crop' }).click()
    const dialog = page.getByRole('dialog', { name: 'Focal point and crop' })
    await dialog.waitFor()
    // focal point: keyboard on the picker, then exact numbers
    await dialog.getByRole('group', { name: /^Focal point, 50% across/ }).focus()
    await page.keyboard.press('ArrowRight')
    await dialog.getByRole('group', { name: /^Focal point, 55% across, 50% down/ }).waitFor()
    await dialog.getByLabel('Across (%)').fill('70')
    await dialog.getByLabel('Down (%)').fill('30')
    await screenshot(page, 'media-focal-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'media-focal-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    await dialog.getByRole('radio', { name: 'Crop' }).click()
    await dialog.getByRole('radio', { name: 'Square' }).click()
    await dialog.getByText('(200 × 200 px)').waitFor()
    await dialog.getByLabel('Left (%)').fill('40')
    await screenshot(page, 'media-crop-1280')
    expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'media-crop-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    const layout = await until(stored, (l) => block(l, 'blk-img').value.imageId !== heroId, 'the cropped image in the block')
    const cropped = await file(block(layout, 'blk-img').value.imageId as string)
    expect(cropped.originalSize).toBe('200x200')
    expect(cropped.crop).toMatchObject({ sourceId: heroId, x: 0.4, y: 0, width: 0.5, height: 1 })
    expect((await file(heroId)).mediaFocalPoint).toEqual({ x: 0.7, y: 0.3 })
    // (0.7 - 0.4) / 0.5 across the crop
    expect(cropped.mediaFocalPoint.x).toBeCloseTo(0.6, 5)
    expect(cropped.mediaFocalPoint.y).toBeCloseTo(0.3, 5)
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^(Publish|Update)$/ }).click()
    await page.locator('.status-pill.published').waitFor()
    const visitor = await fetch(`${h.server.baseUrl}/media-proof`)
    const html = await visitor.text()
    expect(visitor.status).toBe(200)
    expect(html).toContain(`/${cropped.id}/wide-hero.png`)
    expect(html).toContain('data-image-focal-point="0.6,0.3"')
    expect(html).toContain('href="/kiln-log"')
    expect(html).toContain('alt="Five bowls in a row"')
    const img = await fetch(`${h.server.baseUrl}/files/${cropped.id}/wide-hero.png`)
    expect(img.status).toBe(200)
    expect(unexpected(h.errors)).toEqual([])
  })
  it('drags a block to another section with @dnd-kit: by pointer, then back by keyboard', async () => {
    const page = h.page
    const sectionOf = (l: Layout, id: string) => l.sections.find((x) => x.blocks.some((b) => b.id === id))?.id
    await page.getByRole('button', { name: 'Arrange blocks' }).click()
    const outline = page.locator('[data-block-outline]')
    await outline.waitFor()
    await outline.locator('[data-outline-section="sec-b"]').scrollIntoViewIfNeeded()
    const from = await outline.locator('[data-outline-block="blk-img"]').boundingBox()
    const to = await outline.locator('[data-outline-block="blk-gal"]').boundingBox()
    await page.mouse.move(from!.x + 20, from!.y + from!.height / 2)
    await page.mouse.down()
    for (let i = 1; i <= 12; i++) await page.mouse.move(from!.x + 20, from!.y + from!.height / 2 + ((to!.y + to!.height * 0.75 - from!.y - from!.height / 2) * i) / 12)
    await outline.locator('.outline-block.dragging').waitFor()
    // the viewport only: a full-page screenshot resizes the window, which cancels a drag
    await page.screenshot({ path: join(ARTIFACTS, 'media-arrange-drag-1280.png') })
    await page.mouse.up()
    const moved = await until(stored, (l) => sectionOf(l, 'blk-img') === 'sec-b', 'the block dragged into section 2')
    expect(moved.sections[0]!.blocks).toEqual([])
    // back by keyboard: Space picks it up, arrow keys move it into the empty first section, Space drops it
    await outline.locator('[data-outline-block="blk-img"]').focus()
    await page.keyboard.press('Space')
    await pressUntil(page, 'ArrowUp', (ms) => outline.locator('[data-outline-section="sec-a"] [data-outline-block="blk-img"]').waitFor({ timeout: ms }), 'the block over the first section', 4, 1000)
    await page.keyboard.press('Space')
    const back = await until(stored, (l) => sectionOf(l, 'blk-img') === 'sec-a', 'the block moved back by keyboard')
    expect(back.sections[1]!.blocks.map((b) => b.id)).toEqual(['blk-gal'])
    await page.keyboard.press('Control+z')
    await until(stored, (l) => sectionOf(l, 'blk-img') === 'sec-b', 'the keyboard move undone in one step')
    expect(unexpected(h.errors)).toEqual([])
  })
})
