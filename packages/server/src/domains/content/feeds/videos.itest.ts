// Video blocks: a Vimeo Basic account's video is refused with a clear message (Vimeo's oEmbed answer, here a local
// stand-in HTTP server at VIMEO_OEMBED_URL); paid accounts, YouTube and an unreachable Vimeo are accepted.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, keepEnv, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { VIMEO_BASIC_UNSUPPORTED } from './videos.js'

keepEnv(['VIMEO_OEMBED_URL'])
let t: TestApp
let stub: Server
let owner: Client
let siteId: string
const asked: string[] = []
const ACCOUNTS: Record<string, string> = { '111111': 'basic', '222222': 'plus' }

beforeAll(async () => {
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    const video = url.searchParams.get('url') ?? ''
    asked.push(video)
    const id = /(\d+)$/.exec(video)?.[1] ?? ''
    if (id === '333333') return void res.writeHead(500).end()
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ type: 'video', provider_name: 'Vimeo', video_id: Number(id), account_type: ACCOUNTS[id] ?? 'pro' }))
  })
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
  process.env.VIMEO_OEMBED_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/oembed.json`
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  siteId = (await owner.post('/api/auth/signup', newSignup())).json.site.id
})
afterAll(async () => {
  await t?.close()
  stub?.close()
})

const layout = (...urls: string[]) => ({ sections: [{ blocks: [{ type: 2, value: { html: '<p>Hi</p>' } }, ...urls.map((url) => ({ type: 32, value: { url } }))] }] })

describe(`video blocks (${BACKEND})`, () => {
  it("refuses a Vimeo Basic account's video on every layout write, with the message on the block's url", async () => {
    const page = await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'page', title: 'Films', layout: layout('https://vimeo.com/222222', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ') })
    expect(page.status, page.body).toBe(201)
    expect(asked).toEqual(['https://vimeo.com/222222']) // only Vimeo is asked

    const put = await owner.request('PUT', `/api/sites/${siteId}/content/collections/${page.json.collection.id}/layout`, { json: layout('https://youtu.be/aqz-KE-bpKQ', 'https://vimeo.com/111111') })
    expect(put.status).toBe(400)
    expect(put.json.error).toEqual({ type: 'invalid_data', code: 'vimeo_basic_unsupported', message: VIMEO_BASIC_UNSUPPORTED, fields: { 'sections.0.blocks.2.value.url': VIMEO_BASIC_UNSUPPORTED } })
    expect(VIMEO_BASIC_UNSUPPORTED).toMatch(/^Videos from Vimeo Basic accounts are not supported\./)
    const create = await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'page', title: 'Basic', layout: layout('https://player.vimeo.com/video/111111') })
    expect(create.json.error.code).toBe('vimeo_basic_unsupported')
    expect((await owner.get(`/api/sites/${siteId}/content/collections`)).json.collections.map((c: { title: string }) => c.title)).not.toContain('Basic')

    const blog = (await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'blog', title: 'News' })).json.collection
    const post = await owner.post(`/api/sites/${siteId}/content/collections/${blog.id}/items`, { title: 'Clip', layout: layout('https://vimeo.com/111111') })
    expect(post.status).toBe(400)
    expect(post.json.error.code).toBe('vimeo_basic_unsupported')

    // Vimeo unreachable or failing: the owner can still save
    const failing = await owner.request('PUT', `/api/sites/${siteId}/content/collections/${page.json.collection.id}/layout`, { json: layout('https://vimeo.com/333333') })
    expect(failing.status, failing.body).toBe(200)
  })
})
