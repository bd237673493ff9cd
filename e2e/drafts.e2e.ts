// Drafts of the site styles and the navigation (issue 36): in the editor the owner changes the accent colour and moves
// a page of the main navigation to the footer. Both are drafts: the private preview shows them, a visitor keeps the
// published colour and navigation; after Publish (styles, then navigation) the visitor sees both. Screenshots at 1280
// and 390 px.
import { copyFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary
let api: OwnerClient
/** The page moved: its title (the tree's) and its navigation title (the visitor's link). */
let moved = { id: '', title: '', link: '' }

type Nav = { main: { title: string; fullUrl: string }[]; footer: { title: string; fullUrl: string }[] }
const shot = async (name: string) => {
  const path = await screenshot(h.page, `drafts-${name}`)
  copyFileSync(path, `/tmp/h36-drafts-${name}.png`)
}
/** What a visitor (no cookies) gets. */
const visitor = async (path: string) => (await fetch(`${h.server.baseUrl}${path}`)).text()
const visitorNav = async () => (JSON.parse(await visitor('/?format=json')) as { navigation: Nav }).navigation
const accentIn = (html: string) => /--accent: ?(#[0-9a-f]{6})/.exec(html)?.[1] ?? null

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const nav = await visitorNav()
  const pick = nav.main.find((l) => l.fullUrl !== '/')
  if (!pick) throw new Error('the demo site has no page besides home in its main navigation')
  const all = (await api.call<{ collections: { id: string; title: string; navigationTitle: string; navigation: string; parentId: string | null }[] }>('GET', `/api/sites/${site.id}/content/collections`)).body.collections
  const row = all.find((c) => c.navigation === 'main' && !c.parentId && (c.navigationTitle || c.title) === pick.title)!
  moved = { id: row.id, title: row.title, link: pick.title }
  const page = h.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/config/sites/${site.id}/pages/style`)
  await page.waitForURL('**/config/login')
  await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`**/config/sites/${site.id}/pages**`)
  await page.goto(`/config/sites/${site.id}/pages/style`)
  await page.getByRole('heading', { name: 'Site styles' }).waitFor()
}, 120_000)
afterAll(async () => h?.close())

describe('style and navigation drafts in the editor', () => {
  it('a colour change is a draft until Publish: the preview shows it, the visitor keeps the published colour', async () => {
    const page = h.page
    const before = accentIn(await visitor('/'))
    expect(before).not.toBe('#cc0000')
    await page.getByLabel('Accent', { exact: true }).fill('#c00')
    await page.getByText('Changed: colors.palette').waitFor()
    await page.getByRole('button', { name: 'Save styles' }).click()
    await page.getByText('Draft saved: publish to show it to visitors').waitFor()
    const bar = page.getByRole('region', { name: 'Unpublished styles' })
    await bar.waitFor()
    await shot('styles-draft-1280')
    expect(accentIn(await visitor('/'))).toBe(before)

    // the private preview (a new tab on the site's host) shows the draft
    const preview = await h.context.newPage()
    await preview.goto(`${h.server.baseUrl}/config/preview?siteId=${encodeURIComponent(String(site.id))}&path=/`)
    expect(accentIn(await preview.content())).toBe('#cc0000')
    await preview.close()
    expect(accentIn(await visitor('/'))).toBe(before)

    await bar.getByRole('button', { name: 'Publish styles' }).click()
    await page.getByText('Styles published').waitFor()
    await expect.poll(async () => accentIn(await visitor('/'))).toBe('#cc0000')
  })

  it('a page moved to the footer is a navigation draft until Publish', async () => {
    const page = h.page
    expect((await visitorNav()).main.map((l) => l.title)).toContain(moved.link)
    await page.getByRole('navigation', { name: 'Pages' }).getByLabel(`Actions for ${moved.title}`).click()
    await page.getByRole('button', { name: 'Move to Footer navigation' }).click()
    const bar = page.getByRole('region', { name: 'Unpublished navigation' })
    await bar.waitFor()
    const footer = page.getByRole('region', { name: 'Footer navigation' })
    await footer.getByRole('button', { name: new RegExp(`^${moved.title}`) }).waitFor()
    await shot('navigation-draft-1280')
    const still = await visitorNav()
    expect(still.main.map((l) => l.title)).toContain(moved.link)
    expect(still.footer.map((l) => l.title)).not.toContain(moved.link)

    const preview = await h.context.newPage()
    await preview.goto(`${h.server.baseUrl}/config/preview?siteId=${encodeURIComponent(String(site.id))}&path=/`)
    const previewed = (await (await preview.request.get(`${new URL(preview.url()).origin}/?format=json`)).json()) as { navigation: Nav }
    expect(previewed.navigation.footer.map((l) => l.title)).toContain(moved.link)
    await preview.close()

    await page.setViewportSize({ width: 390, height: 844 })
    await bar.scrollIntoViewIfNeeded()
    await shot('navigation-draft-390')
    await bar.getByRole('button', { name: 'Publish navigation' }).click()
    await bar.waitFor({ state: 'detached' })
    await expect.poll(async () => (await visitorNav()).footer.map((l) => l.title)).toContain(moved.link)
    expect((await visitorNav()).main.map((l) => l.title)).not.toContain(moved.link)
    await page.goto(`/config/sites/${site.id}/pages/style`)
    await page.getByRole('heading', { name: 'Site styles' }).waitFor()
    await shot('styles-published-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(unexpected(h.errors)).toEqual([])
  })
})
