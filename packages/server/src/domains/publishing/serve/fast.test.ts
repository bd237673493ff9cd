import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createPageCache, CRUMB_PLACEHOLDER, prepareBody, type CachedPage } from './cache.js'
import { createFastPath } from './fast.js'
import { pageKey, pageQuery } from './serve.js'
import type { Theme } from '../render/theme.js'

const theme = { version: 1 } as Theme
const entry = (text: string, extra: Partial<CachedPage> = {}): CachedPage => ({ status: 200, contentType: 'text/html; charset=utf-8', ...prepareBody(text), siteVersion: 0, themeVersion: 1, expires: Date.now() + 60_000, ...extra })

function setup(arrival?: { secure(req: IncomingMessage): boolean }) {
  const secureAsked: boolean[] = []
  const logged: { obj: Record<string, any>; msg: string }[] = []
  const cache = createPageCache()
  const put = (path: string, page: CachedPage, search: Record<string, string> = {}) => {
    const { query, format } = pageQuery(search)
    cache.set('site1', pageKey(path, query, format), page)
  }
  const fast = createFastPath(cache, theme, {
    siteOf: (host) => (host === 'a.localhost' ? 'site1' : null),
    crumbOf: (cookies) => (cookies?.includes('crumb=known') ? { crumb: 'known' } : { crumb: 'fresh', setCookie: 'crumb=fresh; Path=/; SameSite=Lax' }),
    headers: (secure): Record<string, string> => (secureAsked.push(secure), secure ? { 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=1' } : { 'x-content-type-options': 'nosniff' }),
    ...(arrival ? { arrival } : {}),
    log: { info: (obj, msg) => logged.push({ obj: obj as Record<string, any>, msg }), isLevelEnabled: () => true },
  })
  const call = (url: string, headers: Record<string, string> = {}, method = 'GET') => {
    const out: { status?: number; headers?: Record<string, string | number>; body?: Buffer | undefined } = {}
    const req = { method, url, headers: { host: 'a.localhost', ...headers }, socket: {} } as unknown as IncomingMessage
    const res = {
      // Node's writeHead takes an object or a flat [name, value, ...] list
      writeHead: (status: number, h: Record<string, string | number> | string[]) =>
        Object.assign(out, { status, headers: Array.isArray(h) ? Object.fromEntries(h.flatMap((v, i) => (i % 2 ? [] : [[v, /^\d+$/.test(h[i + 1]!) && v === 'content-length' ? Number(h[i + 1]) : h[i + 1]!]]))) : h }),
      end: (body?: Buffer) => Object.assign(out, { body }),
    } as unknown as ServerResponse
    return { answered: fast(req, res), ...out }
  }
  return { put, call, logged, secureAsked }
}

describe('the fast path of cached pages', () => {
  it("logs each hit like Fastify's 'request completed' line, and nothing for a miss", () => {
    const { put, call, logged } = setup()
    put('/about', entry('<p>About</p>'))
    call('/about?x=1')
    call('/nothing-here')
    expect(logged).toHaveLength(1)
    expect(logged[0]!.msg).toBe('request completed')
    expect(logged[0]!.obj).toMatchObject({ req: { method: 'GET', url: '/about?x=1', host: 'a.localhost' }, res: { statusCode: 200 }, cache: 'page' })
    expect(typeof logged[0]!.obj.responseTime).toBe('number')
  })

  it('answers a public cached page with its bytes and shareable headers, and no crumb cookie', () => {
    const { put, call } = setup()
    put('/about', entry('<p>About</p>'))
    const r = call('/about')
    expect(r.answered).toBe(true)
    expect(r.status).toBe(200)
    expect(r.body!.toString()).toBe('<p>About</p>')
    expect(r.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60', vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff', 'content-length': 12 })
    expect(r.headers!['set-cookie']).toBeUndefined()
    // a page printing the crumb gives a new visitor their crumb cookie
    put('/form', entry(`<input value="${CRUMB_PLACEHOLDER}">`))
    expect(call('/form').headers!['set-cookie']).toBe('crumb=fresh; Path=/; SameSite=Lax')
    expect(call('/form', { cookie: 'crumb=known' }).headers!['set-cookie']).toBeUndefined()
  })

  it('serves the precompressed forms the client accepts, each with its own ETag', async () => {
    const { put, call } = setup()
    const { compressParts } = await import('./compress.js')
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    const text = `<main>${'pottery '.repeat(200)}</main>`
    const page = entry(text)
    Object.assign(page, await compressParts(page.bytes))
    put('/big', page)
    const br = call('/big', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-length': br.body!.length })
    expect(brotliDecompressSync(br.body!).toString()).toBe(text)
    const gz = call('/big', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(gz.body!).toString()).toBe(text)
    const plain = call('/big', { 'accept-encoding': 'br;q=0, identity' })
    expect(plain.body!.toString()).toBe(text)
    expect(new Set([br.headers!.etag, gz.headers!.etag, plain.headers!.etag]).size).toBe(3)
    expect(call('/big', { 'accept-encoding': 'br', 'if-none-match': String(br.headers!.etag) }).status).toBe(304)
    // a page printing the crumb goes out as one gzip member with the visitor's crumb spliced in (no brotli form)
    const form = entry(`<form>${'field '.repeat(200)}<input value="${CRUMB_PLACEHOLDER}"></form>`)
    Object.assign(form, await compressParts(form.bytes))
    put('/form', form)
    const f = call('/form', { cookie: 'crumb=known', 'accept-encoding': 'br, gzip' })
    expect(f.headers!['content-encoding']).toBe('gzip')
    expect(gunzipSync(f.body!).toString()).toContain('<input value="known"></form>')
    const onlyBr = call('/form', { cookie: 'crumb=known', 'accept-encoding': 'br' })
    expect(onlyBr.headers!['content-encoding']).toBeUndefined()
    expect(onlyBr.body!.toString()).toContain('<input value="known"></form>')
  })

  it('fills the visitor\'s crumb, answers 304 and HEAD', () => {
    const { put, call } = setup()
    put('/form', entry(`<input value="${CRUMB_PLACEHOLDER}">`))
    const r = call('/form', { cookie: 'crumb=known' })
    expect(r.body!.toString()).toBe('<input value="known">')
    expect(r.headers!['cache-control']).toBe('private, no-cache')
    const again = call('/form', { cookie: 'crumb=known', 'if-none-match': String(r.headers!.etag) })
    expect(again.status).toBe(304)
    expect(again.body).toBeUndefined()
    const head = call('/form', { cookie: 'crumb=known' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBeUndefined()
    expect(head.headers!['content-length']).toBe(r.body!.length)
  })

  it('keys by the query the page varies by', () => {
    const { put, call } = setup()
    put('/blog', entry('page 2'), { page: '2' })
    expect(call('/blog?page=2&utm=x').body!.toString()).toBe('page 2')
    expect(call('/blog').answered).toBe(false)
    expect(call('/blog?format=json').answered).toBe(false)
  })

  it('leaves to Fastify: misses, other methods and hosts, non-canonical paths, previews, unlock cookies, redirects, proxies', () => {
    const { put, call } = setup()
    put('/p', entry('x'))
    put('/vault', entry('locked', { status: 403, lockedCollectionId: 'c1' }))
    put('/old', entry('', { status: 301, location: '/new' }))
    expect(call('/p').answered).toBe(true)
    expect(call('/nope').answered).toBe(false)
    expect(call('/p', {}, 'POST').answered).toBe(false)
    expect(call('/p', { host: 'b.localhost' }).answered).toBe(false)
    for (const u of ['/p/', '//p', '/%70', '/p?sw-preview=t']) expect(call(u).answered).toBe(false)
    expect(call('/p', { cookie: 'sw-preview=t' }).answered).toBe(false)
    expect(call('/p', { 'x-forwarded-proto': 'https' }).answered).toBe(false)
    expect(call('/vault').status).toBe(403)
    expect(call('/vault', { cookie: 'sw-unlock-c1=tok' }).answered).toBe(false)
    expect(call('/old').answered).toBe(false)
  })

  it("answers proxied requests when told how they arrived (TRUST_PROXY), with the proxy's scheme", () => {
    const { put, call, secureAsked } = setup({ secure: (req) => req.headers['x-forwarded-proto'] === 'https' })
    put('/p', entry('x'))
    const https = call('/p', { 'x-forwarded-proto': 'https' })
    expect(https.answered).toBe(true)
    expect(https.headers!['strict-transport-security']).toBe('max-age=1')
    const http = call('/p', { 'x-forwarded-proto': 'http' })
    expect(http.answered).toBe(true)
    expect(http.headers!['strict-transport-security']).toBeUndefined()
    expect(secureAsked).toEqual([true, false])
  })
})
