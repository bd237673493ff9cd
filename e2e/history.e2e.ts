// Time travel from the editor (issue 36): the owner edits a page on the canvas twice, opens its History, previews the
// first edit's version (the site's theme renders it), restores it and publishes: the visitor sees the restored text.
// Then the page, the styles and the navigation are broken, and the whole site is brought back from the Site history
// screen: every page's ?format=json is what it was. Screenshots at 1280 and 390 px.
import { copyFileSync, mkdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { FrameLocator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary, until } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary
let api: OwnerClient
let pageId: string
let canvas: FrameLocator
const TEXT = 1001
const START = 'Starting words'
const FIRST = ' plus the first edit'
const SECOND = ' and then a second edit'
const SHOTS = process.env.HISTORY_SHOTS ?? ''

type Version = { id: string; createdAt: string; reason: string }
type Layout = { sections: { blocks: { value: { html?: string } }[] }[] }
const shot = async (name: string) => {
  const path = await screenshot(h.page, `history-${name}`)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    copyFileSync(path, join(SHOTS, basename(path)))
  }
}
const stored = async () => JSON.stringify((await api.call<{ collection: { layout: Layout } }>('GET', `/api/sites/${site.id}/content/collections/${pageId}`)).body.collection.layout)
const versions = async (q: string) => (await api.call<{ versions: Version[] }>('GET', `/api/sites/${site.id}/versions${q}`)).body.versions
const versionObject = async (id: string) => JSON.stringify((await api.call<{ object: unknown }>('GET', `/api/sites/${site.id}/versions/${id}`)).body.object)
const visitorText = async (path: string) => {
  const res = await fetch(`${h.server.baseUrl}${path}`)
  return { status: res.status, html: await res.text() }
}

async function typeAtEnd(text: string) {
  const page = h.page
  await canvas.locator('[data-block-id="blk-h"]').click()
  // a click selects the block (its toolbar offers Edit text); on the block already selected it edits at once
  const editable = canvas.locator('[data-block-id="blk-h"] [contenteditable="true"]')
  const edit = page.getByRole('button', { name: 'Edit text' })
  await expect.poll(async () => (await editable.count()) > 0 || (await edit.isVisible()), { timeout: 15_000 }).toBe(true)
  if ((await editable.count()) === 0) await edit.click()
  await editable.waitFor()
  await page.keyboard.press('End')
  await page.keyboard.type(text, { delay: 30 })
  await page.keyboard.press('Escape')
}

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const layout = { sections: [{ id: 'sec-h', blocks: [{ id: 'blk-h', type: TEXT, value: { html: `<p>${START}</p>` } }] }] }
  const made = await api.call<{ collection: { id: string } }>('POST', `/api/sites/${site.id}/content/collections`, { typeName: 'page', title: 'History proof', status: 'draft', layout })
  expect(made.status).toBe(201)
  pageId = made.body.collection.id
  const page = h.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
  await page.waitForURL('**/config/login')
  await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`**/config/sites/${site.id}/pages**`)
  await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
  await page.getByRole('toolbar', { name: 'Page editing' }).waitFor()
  canvas = page.frameLocator('[data-editor-canvas]')
}, 120_000)
afterAll(async () => h?.close())

describe('history in the editor', () => {
  let firstEdit = ''

  it('edits the page twice on the canvas; each save is a version', async () => {
    const page = h.page
    await typeAtEnd(FIRST)
    await until(stored, (l) => l.includes(`${START}${FIRST}`), 'the first edit saved', 15_000)
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
    // the version of the first edit, as the history recorded it (the save's own request records it)
    const [v1] = await until(() => versions(`?object=page:${pageId}&limit=1`), (vs) => vs.length > 0, 'a version')
    firstEdit = v1!.id
    expect(await versionObject(firstEdit)).toContain(`${START}${FIRST}`)
    await typeAtEnd(SECOND)
    await until(stored, (l) => l.includes(`${START}${FIRST}${SECOND}`), 'the second edit saved', 15_000)
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor()
    await until(() => versions(`?object=page:${pageId}&limit=1`), (vs) => vs[0]!.id !== firstEdit, 'the second edit versioned')
  })

  it('opens History, shows who, when and what of each version, and previews the first edit as the theme renders it', async () => {
    const page = h.page
    await page.getByRole('button', { name: 'History', exact: true }).click()
    const panel = page.getByRole('tabpanel', { name: 'History' })
    await panel.getByRole('list', { name: 'Versions' }).waitFor()
    const entry = panel.locator(`[data-version-id="${firstEdit}"]`)
    await entry.locator('.version-head').click()
    const me = (await api.call<{ user: { name: string; email: string } }>('GET', '/api/auth/me')).body.user
    await expect.poll(() => entry.locator('.version-who').textContent()).toContain(`Saved by ${me.name || me.email}`)
    expect(await entry.locator('.version-what').textContent()).toBe('Changed text')
    // the readable diff: the words typed, marked as added
    const changes = entry.getByRole('list', { name: 'Changes' })
    await changes.waitFor()
    const added = await changes.locator('ins').allTextContents()
    expect(added.join('').trim()).not.toBe('')
    expect(FIRST).toContain(added.join('').trim())
    await entry.getByRole('button', { name: 'Preview' }).click()
    const preview = page.frameLocator('.version-preview iframe')
    await preview.locator('[data-block-id="blk-h"]').waitFor()
    expect(await preview.locator('[data-block-id="blk-h"]').textContent()).toContain(`${START}${FIRST}`)
    expect(await preview.locator('[data-block-id="blk-h"]').textContent()).not.toContain(SECOND.trim())
    await shot('preview-1280')
  })

  it('restores the version after a confirmation, publishes, and the visitor sees the restored text', async () => {
    const page = h.page
    await page.getByRole('region', { name: 'Version preview' }).getByRole('button', { name: 'Restore this version' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' })
    await confirm.waitFor()
    await shot('confirm-1280')
    await confirm.getByRole('button', { name: 'Restore' }).click()
    await page.getByRole('status').filter({ hasText: 'Restored the version of' }).waitFor()
    await expect.poll(() => canvas.locator('[data-block-id="blk-h"]').textContent(), { timeout: 15_000 }).toContain(`${START}${FIRST}`)
    expect(await canvas.locator('[data-block-id="blk-h"]').textContent()).not.toContain(SECOND.trim())
    expect(await stored()).not.toContain(SECOND)
    const [newest] = await versions(`?object=page:${pageId}&limit=1`)
    expect(newest!.reason).toBe('restore')
    await page.locator(`[data-version-id="${newest!.id}"]`).waitFor()
    await shot('restored-1280')
    await page.getByRole('button', { name: /^(Publish|Update)$/ }).click()
    await page.locator('.status-pill.published').waitFor()
    const visitor = await visitorText('/history-proof')
    expect(visitor.status).toBe(200)
    expect(visitor.html).toContain(`${START}${FIRST}`)
    expect(visitor.html).not.toContain(SECOND.trim())
  })

  it('at 390 px the history is a sheet over the canvas', async () => {
    const page = h.page
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    await canvas.locator('[data-block-id="blk-h"]').waitFor()
    await page.getByRole('button', { name: 'History', exact: true }).click()
    const entry = page.locator(`[data-version-id="${firstEdit}"]`)
    await entry.locator('.version-head').click()
    await entry.getByRole('button', { name: 'Preview' }).click()
    await page.frameLocator('.version-preview iframe').locator('[data-block-id="blk-h"]').waitFor()
    await shot('panel-390')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('breaks the page, the styles and the navigation, then brings the whole site back from Site history', async () => {
    const page = h.page
    // a visitor with cookies (the page context carries their crumb), the same throughout
    const visitor = ownerClient(h.server.baseUrl)
    const paths = ['/history-proof', '/']
    const good = new Map<string, string>()
    for (const p of paths) good.set(p, JSON.stringify((await visitor.call('GET', `${p}?format=json`)).body))
    const [point] = await versions('?limit=1')

    const styles = (await api.call<{ styles: { colors: { palette: { hex: string }[] } } }>('GET', `/api/sites/${site.id}/styles`)).body.styles
    styles.colors.palette[0]!.hex = '#ff00aa'
    expect((await api.call('PUT', `/api/sites/${site.id}/styles`, { styles, dirtyPaths: ['colors.palette'] })).status).toBe(200)
    expect((await api.call('POST', `/api/sites/${site.id}/styles/publish`)).status).toBe(200)
    const broken = { sections: [{ id: 'sec-h', blocks: [{ id: 'blk-h', type: TEXT, value: { html: '<p>Broken page</p>' } }] }] }
    expect((await api.call('PUT', `/api/sites/${site.id}/content/collections/${pageId}/layout`, broken)).status).toBe(200)
    const main = (await api.call<{ collections: { id: string; navigation: string }[] }>('GET', `/api/sites/${site.id}/content/collections`)).body.collections.filter((c) => c.navigation === 'main')
    expect((await api.call('POST', `/api/sites/${site.id}/content/collections/reorder`, { navigation: 'main', ids: main.map((c) => c.id).reverse() })).status).toBe(204)
    expect((await visitorText('/history-proof')).html).toContain('Broken page')
    for (const p of paths) expect(JSON.stringify((await visitor.call('GET', `${p}?format=json`)).body)).not.toBe(good.get(p))

    await page.goto(`/config/sites/${site.id}/history`)
    await page.getByRole('heading', { name: 'Site history' }).waitFor()
    const list = page.getByRole('list', { name: 'Versions' })
    await list.waitFor()
    await page.getByLabel('Kind').selectOption('styles')
    await list.locator('.version-what').first().filter({ hasText: 'Site styles' }).waitFor()
    await page.getByLabel('Kind').selectOption('')
    const entry = page.locator(`[data-version-id="${point!.id}"]`)
    await entry.locator('.version-head').click()
    await shot('site-1280')
    await entry.getByRole('button', { name: 'Restore the site to this point' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Restore the whole site?' })
    await confirm.getByRole('button', { name: 'Restore the site' }).click()
    await page.getByRole('status').filter({ hasText: 'Restored the site to' }).waitFor()
    for (const p of paths) expect(JSON.stringify((await visitor.call('GET', `${p}?format=json`)).body)).toBe(good.get(p))
    expect((await visitorText('/history-proof')).html).toContain(`${START}${FIRST}`)
    await shot('site-restored-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await shot('site-390')
    expect(unexpected(h.errors)).toEqual([])
  })
})
