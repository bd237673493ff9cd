// The album block (34) in real Chromium: a published album lists its tracks under one player; Play plays the first
// track, Next moves to the second (highlighted, its file playing), a track link plays that track; the editor shows
// the tracks, reorders them (keyboard drag with @dnd-kit and the move buttons) and stops adding at 60 tracks with the
// reason. Screenshots of the published album and of the editor at 1280 and 390 px.
import type { FrameLocator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness, type SiteSummary, until, pressUntil } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary
let api: OwnerClient
let pageId: string
let canvas: FrameLocator
const urls: string[] = []

type Track = { title: string; audioAssetUrl: string; duration?: number }
type Layout = { sections: { id: string; blocks: { id: string; type: number; value: { tracks?: Track[] } & Record<string, unknown> }[] }[] }
const tracksOf = (l: Layout) => l.sections[0]!.blocks[0]!.value.tracks ?? []
async function stored(): Promise<Layout> {
  return (await api.call<{ collection: { layout: Layout } }>('GET', `/api/sites/${site.id}/content/collections/${pageId}`)).body.collection.layout
}

/** A mono 8 kHz 8-bit WAV tone of `seconds`, base64. */
function wav(seconds: number, hz: number): string {
  const n = 8000 * seconds
  const b = Buffer.alloc(44 + n)
  b.write('RIFF', 0)
  b.writeUInt32LE(36 + n, 4)
  b.write('WAVEfmt ', 8)
  b.writeUInt32LE(16, 16)
  b.writeUInt16LE(1, 20)
  b.writeUInt16LE(1, 22)
  b.writeUInt32LE(8000, 24)
  b.writeUInt32LE(8000, 28)
  b.writeUInt16LE(1, 32)
  b.writeUInt16LE(8, 34)
  b.write('data', 36)
  b.writeUInt32LE(n, 40)
  for (let i = 0; i < n; i++) b[44 + i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * hz * i) / 8000))
  return b.toString('base64')
}

/** An upload from the logged-in browser (multipart, with the crumb): the file's address. */
async function uploadWav(name: string, b64: string): Promise<string> {
  return h.page.evaluate(
    async ({ siteId, name, b64 }) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '')
      const form = new FormData()
      form.append('file', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'audio/wav' }), name)
      const res = await fetch(`/api/sites/${siteId}/files`, { method: 'POST', body: form, headers: { 'x-csrf-token': crumb, accept: 'application/json' } })
      return ((await res.json()) as { file: { assetUrl: string } }).file.assetUrl
    },
    { siteId: String(site.id), name, b64 },
  )
}

const TITLES = ['First Light', 'Harbour Lights', 'Night Drive']

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const page = h.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToPages(page, site.id)
  for (const [i, t] of TITLES.entries()) urls.push(await uploadWav(`${t.toLowerCase().replace(/ /g, '-')}.wav`, wav(3 + i, 330 + i * 110)))
  const layout = { sections: [{ id: 'sec-a', blocks: [{ id: 'blk-album', type: 34, value: { title: 'Harbour Nights', artist: 'The Lanterns', tracks: TITLES.map((title, i) => ({ title, audioAssetUrl: urls[i], duration: 3 + i })) } }] }] }
  const made = await api.call<{ collection: { id: string } }>('POST', `/api/sites/${site.id}/content/collections`, { typeName: 'page', title: 'Album proof', layout, status: 'published' })
  expect(made.status).toBe(201)
  pageId = made.body.collection.id
}, 120_000)
afterAll(async () => h?.close())

describe('album block', () => {
  it('plays the published album: Play, Next (highlighted), a track link; screenshots at 1280 and 390', async () => {
    const page = h.page
    await page.goto('/album-proof')
    const album = page.locator('[data-album]')
    await album.getByRole('button', { name: 'Play' }).waitFor()
    const texts = await album.locator('[data-album-track]').allInnerTexts()
    expect(texts).toHaveLength(3)
    TITLES.forEach((t, i) => expect(texts[i]).toMatch(new RegExp(`^${i + 1}\\s*${t}[\\s,]*0:0${3 + i}$`)))
    await expect(album.locator('[data-album-track][aria-current="true"]').innerText()).resolves.toContain('First Light')
    await album.getByRole('button', { name: 'Play' }).click()
    const audio = album.locator('audio[data-album-audio]')
    const state = () => audio.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, src: a.currentSrc }))
    await until(state, (s) => !s.paused && s.time > 0.2, 'the first track playing')
    expect((await state()).src).toBe(new URL(urls[0]!, h.server.baseUrl).href)
    await album.getByRole('button', { name: 'Pause' }).click()
    await until(state, (s) => s.paused, 'paused')
    await album.getByRole('button', { name: 'Next track' }).click()
    await until(state, (s) => !s.paused && s.src.endsWith(urls[1]!) && s.time > 0.2, 'the second track playing')
    await expect(album.locator('[data-album-track][aria-current="true"]').innerText()).resolves.toContain('Harbour Lights')
    await expect(album.locator('[data-album-now]').innerText()).resolves.toBe('2. Harbour Lights')
    await screenshot(page, 'album-published-1280')
    expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await album.getByRole('link', { name: /Night Drive/ }).click()
    await until(state, (s) => !s.paused && s.src.endsWith(urls[2]!), 'the third track playing from its link')
    expect(page.url()).toMatch(/\/album-proof$/)
    await album.getByRole('button', { name: 'Pause' }).click()
    await screenshot(page, 'album-published-390')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('edits the tracks: keyboard drag and move buttons reorder them; at 60 tracks adding stops and says why', async () => {
    const page = h.page
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    canvas = page.frameLocator('[data-editor-canvas]')
    await canvas.locator('[data-block-id="blk-album"]').click()
    const editor = page.locator('[data-album-editor]')
    await editor.waitFor()
    await editor.getByLabel('Track 1 title').waitFor()
    expect(await editor.getByRole('group', { name: 'Tracks (3 of 60)' }).count()).toBe(1)
    // keyboard drag: pick track 3 up, move it up once, drop
    await editor.getByRole('button', { name: 'Move track 3: Night Drive' }).focus()
    // dnd-kit's live region says when the pick-up and the move have happened (its key listener comes a moment after
    // the pick-up, so a first arrow can be dropped: pressed again only when no move was announced)
    const live = page.locator('[id^="DndLiveRegion"]')
    await page.keyboard.press('Space')
    await editor.locator('.album-editor-track.dragging').waitFor()
    // "Picked up track Night Drive, position 3 of 3.", then at once "... is over position 3 of 3." (over itself)
    await live.filter({ hasText: /track Night Drive.* position 3 of 3\./ }).waitFor({ state: 'attached' })
    await pressUntil(page, 'ArrowUp', (ms) => live.filter({ hasText: 'track Night Drive is over position 2 of 3.' }).waitFor({ state: 'attached', timeout: ms }), 'track 3 over position 2')
    await page.keyboard.press('Space')
    await until(stored, (l) => tracksOf(l)[1]?.title === 'Night Drive', 'the dragged order saved')
    expect(tracksOf(await stored()).map((t) => t.title)).toEqual(['First Light', 'Night Drive', 'Harbour Lights'])
    await editor.getByRole('button', { name: 'Move track 1 later' }).click()
    await until(stored, (l) => tracksOf(l)[0]?.title === 'Night Drive', 'the moved order saved')
    expect(tracksOf(await stored()).map((t) => t.title)).toEqual(['Night Drive', 'First Light', 'Harbour Lights'])
    await editor.getByLabel('Track 1 title').fill('Night Drive (live)')
    await until(stored, (l) => tracksOf(l)[0]?.title === 'Night Drive (live)', 'the renamed track saved')
    await expect(editor.getByText('Add a track').count()).resolves.toBe(1)
    await screenshot(page, 'album-editor-1280')
    expect((await axeViolations(page)).filter((v) => /^(serious|critical)/.test(v))).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    const show = page.getByRole('button', { name: 'Show panel' })
    if (await show.isVisible()) await show.click()
    await editor.scrollIntoViewIfNeeded()
    await screenshot(page, 'album-editor-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    // 60 tracks: no more adding, and the editor says why
    const layout = await stored()
    const sixty = Array.from({ length: 60 }, (_, i) => ({ title: `Take ${i + 1}`, audioAssetUrl: urls[i % 3]! }))
    const saved = await api.call('PATCH', `/api/sites/${site.id}/content/collections/${pageId}`, { layout: { sections: [{ id: 'sec-a', blocks: [{ id: 'blk-album', type: 34, value: { ...layout.sections[0]!.blocks[0]!.value, tracks: sixty } }] }] } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    await page.goto(`/config/sites/${site.id}/pages/${pageId}`)
    await page.frameLocator('[data-editor-canvas]').locator('[data-block-id="blk-album"]').click()
    await page.locator('[data-album-full]').waitFor()
    expect(await page.locator('[data-album-full]').innerText()).toContain('An album holds at most 60 tracks.')
    expect(await page.locator('[data-album-editor]').getByText('Add a track').count()).toBe(0)
    expect(unexpected(h.errors)).toEqual([])
  })
})
