// Section backgrounds and padding: stored with the layout, rendered by the theme on the published page and on the
// editor's canvas (a colour theme's properties declared on the section, an image behind a shade), refused when
// malformed; a colour theme or image that no longer exists leaves the section plain.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const api = (p: string) => `/api/sites/${siteId}/content${p}`
const text = (id: string, words: string) => ({ id, type: 2, value: { html: `<p>${words}</p>` } })
const sectionTag = (html: string, id: string) => new RegExp(`<section class="([^"]*)" id="section-${id}"([^>]*)>`).exec(html)

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

describe(`section backgrounds and padding (${BACKEND})`, () => {
  it('renders a colour theme, an image and padding on the published page and the canvas', async () => {
    const img = await t.app.files.storeBuffer(siteId, 'sea (1).png', await sharp({ create: { width: 600, height: 300, channels: 3, background: '#336699' } }).png().toBuffer())
    const layout = {
      sections: [
        { id: 'plain', blocks: [text('b1', 'Plain')] },
        { id: 'dark', blocks: [text('b2', 'On dark')], style: { background: 'theme', colorThemeId: 'dark', padding: 'L' } },
        { id: 'pic', blocks: [text('b3', 'On a picture')], style: { background: 'image', imageId: img.id, padding: 'S' } },
        { id: 'gone', blocks: [text('b4', 'Theme deleted')], style: { background: 'theme', colorThemeId: 'nope', padding: 'M' } },
      ],
    }
    const made = await owner.post(api('/collections'), { typeName: 'page', title: 'Sections', layout })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    expect(made.json.collection.layout.sections[1].style).toEqual({ background: 'theme', colorThemeId: 'dark', padding: 'L' })
    expect(made.json.collection.layout.sections[0].style).toBeUndefined()
    await owner.patch(api(`/collections/${made.json.collection.id}`), { status: 'published' })

    const page = (await t.client(host).get('/sections')).body
    expect(sectionTag(page, 'plain')?.[1]).toBe('layout-section')
    const dark = sectionTag(page, 'dark')!
    expect(dark[1]).toBe('layout-section section-pad-l section-bg-theme')
    expect(dark[2]).toContain('style="--paper:#1c1f22;')
    expect(dark[2]).toContain('--ink:#fbfaf7')
    const pic = sectionTag(page, 'pic')!
    expect(pic[1]).toBe('layout-section section-pad-s section-bg-image')
    expect(pic[2]).toMatch(/style="background-image:url\(&quot;[^"]*sea%20%281%29\.png&quot;\);background-position:50% 50%"/)
    expect(sectionTag(page, 'gone')?.[1]).toBe('layout-section')

    const canvas = (await owner.get(`/config/canvas?siteId=${siteId}&path=/sections`)).body
    expect(canvas).toMatch(/<section class="layout-section section-pad-l section-bg-theme" id="section-dark" data-section-id="dark" style="--paper:/)
  })

  it('refuses a malformed style with a message per field', async () => {
    const bad = await owner.post(api('/collections'), {
      typeName: 'page', title: 'Bad',
      layout: { sections: [{ blocks: [], style: { background: 'theme', padding: 'XL' } }, { blocks: [], style: { background: 'image', padding: 'M' } }] },
    })
    expect(bad.status).toBe(400)
    const fields = Object.keys(bad.json.error.fields ?? {})
    expect(fields.some((f) => f.includes('padding'))).toBe(true)
  })
})
