// SPEC.md section 3 fields that existed without a test of their own, end to end through the owner API and the
// published page (`?format=json` and the HTML): collection folderBehavior, the social accounts' serviceName and
// provider ids, audioAssetUrl, systemDataId / promotedBlockType, the code block; and the platform enumerations the
// page context carries (packages/contracts): slide types, gallery media types, the store currency record, the
// data-only lists, and block types the platform knows but Sitewright does not build.
import {
  BLOCK_VARIANT_IDS, CONTENT_GENERATOR_TYPES, FOLDER_BEHAVIOR, GALLERY_MEDIA_TYPES, POSITIONS, SLIDE_TYPES, STORED_ACTIONS_KEY, SURVEY_COHORTS,
} from '@sitewright/contracts'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const api = (p: string) => `/api/sites/${siteId}/content${p}`
const visit = (path: string) => t.client(host).get(path)

async function collection(body: Record<string, unknown>) {
  const res = await owner.post(api('/collections'), body)
  expect(res.status).toBe(201)
  return res.json.collection as { id: string; fullUrl: string }
}
/** A small PNG uploaded as the site's file (multipart, as the editor sends it); its id. */
async function uploadPng(filename: string): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } }).png().toBuffer()
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!owner.crumb) await owner.get('/api/auth/me')
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { host: owner.host, cookie, 'x-csrf-token': owner.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` }
  const res = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload })
  expect(res.statusCode).toBe(201)
  return (res.json() as { file: { id: string } }).file.id
}
async function item(collectionId: string, body: Record<string, unknown>) {
  const res = await owner.post(api(`/collections/${collectionId}/items`), body)
  expect(res.status, res.body).toBe(201)
  return res.json.item as { id: string; fullUrl: string }
}

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Spec Fields' }))
  expect(res.status).toBe(201)
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

describe(`spec fields on published pages (${BACKEND})`, () => {
  it('collection folderBehavior: redirect 2 (the default), index 1, none 3, variation 4; other values refused', async () => {
    const folder = await collection({ typeName: 'folder', title: 'Shop info', urlId: 'info' })
    const child = await collection({ typeName: 'page', title: 'Shipping', parentId: folder.id })
    const redirect = await visit('/info')
    expect(redirect.status).toBe(302)
    expect(redirect.headers.location).toBe(child.fullUrl)

    const setTo = async (folderBehavior: number) => (await owner.patch(api(`/collections/${folder.id}`), { folderBehavior })).status
    expect(await setTo(FOLDER_BEHAVIOR.INDEX)).toBe(200)
    const index = await visit('/info?format=json')
    expect(index.status).toBe(200)
    expect(index.json.collection).toMatchObject({ folder: true, folderBehavior: 1 })
    expect(index.json.collection.collections.map((c: { fullUrl: string }) => c.fullUrl)).toEqual([child.fullUrl])
    expect((await t.client(host).get('/sitemap.xml')).body).toContain('/info</loc>')

    expect(await setTo(FOLDER_BEHAVIOR.NONE)).toBe(200)
    expect((await visit('/info')).status).toBe(404)
    expect((await t.client(host).get('/sitemap.xml')).body).not.toContain('/info</loc>')

    expect(await setTo(FOLDER_BEHAVIOR.VARIATION)).toBe(200)
    expect((await visit('/info?format=json')).json.collection.folderBehavior).toBe(4)

    const bad = await owner.patch(api(`/collections/${folder.id}`), { folderBehavior: 5 })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields).toEqual({ folderBehavior: 'Folder behaviour is index 1, redirect 2, none 3 or variation 4.' })
  })

  it('social accounts: serviceName with its external-service provider id; the email service is a plain mail link', async () => {
    const socialAccounts = [
      { serviceName: 'instagram', userName: 'spec', profileUrl: 'https://instagram.com/spec' },
      { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@example.com' },
      { serviceName: 'x', userName: 'spec', profileUrl: 'https://x.com/spec' },
    ]
    expect((await owner.patch(`/api/sites/${siteId}/content/profile`, { socialAccounts })).status).toBe(200)
    const ctx = (await visit('/?format=json')).json
    expect(ctx.website.socialAccounts.map((a: { serviceName: string; serviceId: number }) => [a.serviceName, a.serviceId])).toEqual([
      ['instagram', 64], ['email', 20], ['x', 62],
    ])
    const html = (await visit('/')).body
    expect(html).toMatch(/<a class="social-link social-email" href="mailto:hello@example.com" data-service-id="20">/)
    expect(html).toMatch(/<a class="social-link social-instagram" href="https:\/\/instagram.com\/spec" data-service-id="64" rel="me noopener" target="_blank">/)
    const bad = await owner.patch(`/api/sites/${siteId}/content/profile`, { socialAccounts: [{ serviceName: 'myspace', userName: 'a', profileUrl: 'https://myspace.com/a' }] })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields['socialAccounts.0.serviceName']).toMatch(/^Choose one of instagram, facebook, twitter, x, youtube, linkedin, pinterest, tiktok, vimeo, email, github\.$/)
  })

  it('audioAssetUrl: on the item and in structuredContent; an audio post plays it; unsafe links refused, null clears it', async () => {
    const blog = await collection({ typeName: 'blog', title: 'Episodes', urlId: 'episodes' })
    const post = await item(blog.id, { title: 'Pilot', recordType: 7, audioAssetUrl: 'https://cdn.example.com/pilot.mp3' })
    const ctx = (await visit(`${post.fullUrl}?format=json`)).json
    expect(ctx.item).toMatchObject({ recordType: 7, audioAssetUrl: 'https://cdn.example.com/pilot.mp3', structuredContent: { audioAssetUrl: 'https://cdn.example.com/pilot.mp3' } })
    expect((await visit(post.fullUrl)).body).toContain('<audio controls preload="none" src="https://cdn.example.com/pilot.mp3"></audio>')

    expect((await owner.patch(api(`/items/${post.id}`), { audioAssetUrl: 'javascript:alert(1)' })).status).toBe(400)
    expect((await owner.patch(api(`/items/${post.id}`), { audioAssetUrl: null })).status).toBe(200)
    const cleared = (await visit(`${post.fullUrl}?format=json`)).json.item
    expect(cleared.audioAssetUrl).toBeUndefined()
    expect(cleared.structuredContent).toBeUndefined()
  })

  it('systemDataId is the main image id; promotedBlockType is one of the eleven, shown and refused otherwise', async () => {
    const blog = await collection({ typeName: 'blog', title: 'Notes', urlId: 'notes' })
    const imageId = await uploadPng('cover.png')
    const post = await item(blog.id, { title: 'Promoted', promotedBlockType: 'video', mainImageId: imageId })
    const got = (await visit(`${post.fullUrl}?format=json`)).json.item
    expect(got.promotedBlockType).toBe('video')
    expect(got).toMatchObject({ mainImageId: imageId, systemDataId: imageId, mainImage: { id: imageId } })
    expect((await visit(post.fullUrl)).body).toMatch(/class="item-article [^"]*promoted promoted-block-video/)
    const bad = await owner.patch(api(`/items/${post.id}`), { promotedBlockType: 'carousel' })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields.promotedBlockType).toBe('Choose one of map, embed, image, code, quote, twitter, link, video, foursquare, instagram, form.')
    expect((await owner.patch(api(`/items/${post.id}`), { promotedBlockType: null })).status).toBe(200)
    expect((await visit(`${post.fullUrl}?format=json`)).json.item.promotedBlockType).toBeUndefined()
  })

  it('code block: stored as given, printed escaped with its language and line numbers; 50,000 characters at most', async () => {
    const code = 'if (a < b && c) {\n  return "<done>"\n}'
    const page = await collection({ typeName: 'page', title: 'Snippets', urlId: 'snippets', layout: { sections: [{ blocks: [{ type: 23, value: { code, language: 'javascript', lineNumbers: true } }] }] } })
    const ctx = (await visit(`${page.fullUrl}?format=json`)).json
    expect(ctx.layout.sections[0].blocks[0]).toMatchObject({ type: 23, typeName: 'code', value: { code, language: 'javascript', lineNumbers: true } })
    const html = (await visit(page.fullUrl)).body
    expect(html).toContain('<pre class="code-block line-numbers" data-language="javascript"><code class="language-javascript">if (a &lt; b &amp;&amp; c) {\n  return "&lt;done&gt;"\n}</code></pre>')
    const tooLong = await owner.request('PUT', api(`/collections/${page.id}/layout`), { json: { sections: [{ blocks: [{ typeName: 'code', value: { code: 'x'.repeat(50_001) } }] }] } })
    expect(tooLong.status).toBe(400)
    expect(Object.keys(tooLong.json.error.fields)).toEqual(['layout.sections.0.blocks.0.value.code'])
  })
})

describe(`enumerations in the page context (${BACKEND})`, () => {
  it('every page carries the data-only enumerations and the store currency record', async () => {
    const ctx = (await visit('/?format=json')).json
    expect(ctx.sitewright.enumerations).toEqual({
      slideTypes: { COVER_PAGE: 1, LOCK_SCREEN: 2, POPUP_OVERLAY: 3 },
      galleryMediaTypes: [...GALLERY_MEDIA_TYPES],
      contentGeneratorTypes: { ...CONTENT_GENERATOR_TYPES },
      positions: [...POSITIONS],
      surveyCohorts: [...SURVEY_COHORTS],
      blockVariantIds: [...BLOCK_VARIANT_IDS],
      storedActionsKey: STORED_ACTIONS_KEY,
    })
    expect(ctx.websiteSettings.storeCurrency).toEqual({ code: 'USD', name: 'US Dollar', fractionDigits: 2, numericCode: '840' })
  })

  it('slide types: a lock screen is slide 2, a popup overlay slide 3', async () => {
    const locked = await collection({ typeName: 'page', title: 'Vault', urlId: 'vault', password: 'sesame' })
    const res = await visit(`${locked.fullUrl}?format=json`)
    expect(res.status).toBe(403)
    expect(res.json.lock).toMatchObject({ message: 'This page is locked', passwordRequired: true, slideType: SLIDE_TYPES.LOCK_SCREEN })
    const promo = await collection({ typeName: 'page', title: 'Promo', urlId: 'promo', popupOverlay: { title: 'Join us', buttonText: 'Go' } })
    expect((await visit(`${promo.fullUrl}?format=json`)).json.popupOverlay).toMatchObject({ title: 'Join us', slideType: SLIDE_TYPES.POPUP_OVERLAY })
  })

  it('gallery items carry their media type', async () => {
    const gallery = await collection({ typeName: 'gallery', title: 'Pictures', urlId: 'pictures' })
    await item(gallery.id, { title: 'Empty frame' })
    await item(gallery.id, { title: 'Borrowed', image: { assetUrl: 'https://images.example.com/borrowed.jpg', originalSize: '800x600' } })
    await item(gallery.id, { title: 'Clip', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
    const items = (await visit('/pictures?format=json')).json.items as { title: string; mediaType: string }[]
    expect(Object.fromEntries(items.map((i) => [i.title, i.mediaType]))).toEqual({ 'Empty frame': 'imageEmpty', Borrowed: 'assetReused', Clip: 'video' })
  })

  it('block types: a known type Sitewright does not build is refused by name, an unknown id as unknown; record types likewise', async () => {
    const layout = (block: Record<string, unknown>) => ({ typeName: 'page', title: 'Blocks', layout: { sections: [{ blocks: [block] }] } })
    const amazon = await owner.post(api('/collections'), layout({ type: 26, value: {} }))
    expect(amazon.status).toBe(400)
    expect(amazon.json.error.fields).toEqual({ 'layout.sections.0.blocks.0.type': 'The amazon block is not available.' })
    const byName = await owner.post(api('/collections'), layout({ typeName: 'reservation-booking', value: {} }))
    expect(byName.json.error.fields).toEqual({ 'layout.sections.0.blocks.0.type': 'The reservation-booking block is not available.' })
    const unknown = await owner.post(api('/collections'), layout({ type: 1005, value: {} }))
    expect(unknown.json.error.fields).toEqual({ 'layout.sections.0.blocks.0.type': 'This block type does not exist.' })

    const blog = await collection({ typeName: 'blog', title: 'Lessons', urlId: 'lessons' })
    expect((await owner.post(api(`/collections/${blog.id}/items`), { title: 'One', recordType: 62 })).status).toBe(201)
    const three = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Two', recordType: 3 })
    expect(three.status).toBe(400)
    expect(three.json.error.fields).toEqual({ recordType: 'This record type does not exist.' })
  })
})
