// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, MESSAGES, readCookie } from './client.js'

// A stand-in for the network only: it answers like the owner API does for crumbs and writes Set-Cookie
// into jsdom's real cookie jar (document.cookie), as a browser would.
interface Call {
  method: string
  url: string
  token: string | null
  body: string | null
}

function crumbServer(opts: { crumb: string; neverAccept?: boolean }) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    const method = init.method ?? 'GET'
    calls.push({
      method,
      url: String(input),
      token: headers.get('x-csrf-token'),
      body: (init.body as string) ?? null,
    })
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (method === 'GET') {
      document.cookie = `crumb=${encodeURIComponent(opts.crumb)}; path=/`
      return json(200, { user: { id: 1, email: 'a@b.c' }, sites: [] })
    }
    if (opts.neverAccept || headers.get('x-csrf-token') !== opts.crumb)
      return json(403, { crumbFail: true, error: 'Invalid or missing crumb' })
    return json(200, { ok: true })
  }
  return { fetch, calls }
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

describe('api client crumb handling', () => {
  beforeEach(clearCookies)
  afterEach(clearCookies)

  it('sends the crumb cookie as X-CSRF-Token on state-changing calls only', async () => {
    document.cookie = 'crumb=abc%2F123; path=/'
    const server = crumbServer({ crumb: 'abc/123' })
    const api = createApiClient({ fetch: server.fetch })
    await api.get('/api/auth/me')
    const res = await api.post('/api/auth/logout')
    expect(res.ok).toBe(true)
    expect(server.calls.map((c) => [c.method, c.token])).toEqual([
      ['GET', null],
      ['POST', 'abc/123'],
    ])
  })

  it('refreshes a stale crumb through GET /api/auth/me and retries once', async () => {
    document.cookie = 'crumb=stale; path=/'
    const server = crumbServer({ crumb: 'fresh' })
    const api = createApiClient({ fetch: server.fetch })
    const res = await api.patch('/api/sites/1/settings', { title: 'New' })
    expect(res).toEqual({ ok: true, status: 200, data: { ok: true } })
    expect(server.calls.map((c) => `${c.method} ${c.url} ${c.token}`)).toEqual([
      'PATCH /api/sites/1/settings stale',
      'GET /api/auth/me null',
      'PATCH /api/sites/1/settings fresh',
    ])
    expect(server.calls[2]?.body).toBe('{"title":"New"}')
  })

  it('works when no crumb cookie exists yet', async () => {
    const server = crumbServer({ crumb: 'first' })
    const res = await createApiClient({ fetch: server.fetch }).post('/api/auth/login', {
      email: 'a',
      password: 'b',
    })
    expect(res.ok).toBe(true)
    expect(server.calls.map((c) => c.token)).toEqual([null, null, 'first'])
  })

  it('gives up after one retry with a typed crumb error', async () => {
    const server = crumbServer({ crumb: 'x', neverAccept: true })
    const res = await createApiClient({ fetch: server.fetch }).post('/api/auth/logout')
    expect(server.calls).toHaveLength(3)
    expect(res.ok).toBe(false)
    if (!res.ok) expect(res.error).toMatchObject({ kind: 'crumb', status: 403, message: MESSAGES.crumb })
  })
})

describe('api client error mapping', () => {
  const answer =
    (status: number, body: string, headers: Record<string, string> = {}): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })

  it('keeps the server message and per-field messages of a 400', async () => {
    const body = JSON.stringify({
      error: {
        type: 'invalid_data',
        code: 'validation_failed',
        message: 'Check the fields',
        fields: { title: 'Too long' },
      },
    })
    const res = await createApiClient({ fetch: answer(400, body) }).get('/x')
    expect(res.ok).toBe(false)
    if (!res.ok)
      expect(res.error).toEqual({
        kind: 'http',
        status: 400,
        type: 'invalid_data',
        code: 'validation_failed',
        message: 'Check the fields',
        fields: { title: 'Too long' },
        body: JSON.parse(body),
      })
  })

  it('reads Retry-After of a 429', async () => {
    const body = JSON.stringify({
      error: { type: 'rate_limited', code: 'too_many_attempts', message: 'Slow down' },
    })
    const res = await createApiClient({ fetch: answer(429, body, { 'retry-after': '42' }) }).get('/x')
    if (res.ok) throw new Error('expected failure')
    expect(res.error.retryAfterSeconds).toBe(42)
    expect(res.error.code).toBe('too_many_attempts')
  })

  it('uses the generic texts when no usable answer arrives', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    const cases = [
      [createApiClient({ fetch: failing }), MESSAGES.network, 'network'],
      [createApiClient({ fetch: answer(503, '') }), MESSAGES.unreachable, 'unreachable'],
      [createApiClient({ fetch: answer(500, '<html>oops</html>') }), MESSAGES.generic, 'http'],
      [createApiClient({ fetch: answer(200, '{not json') }), MESSAGES.generic, 'invalid_response'],
    ] as const
    for (const [client, message, kind] of cases) {
      const res = await client.get('/x')
      expect(res.ok).toBe(false)
      if (!res.ok) expect([res.error.message, res.error.kind]).toEqual([message, kind])
    }
    expect(MESSAGES).toMatchObject({
      generic: 'Something went wrong',
      network: 'Network error',
      unreachable: 'Unable to connect. Please try again',
    })
  })

  it('parses cookies', () => {
    expect(readCookie('a=1; crumb=x%20y; b=2', 'crumb')).toBe('x y')
    expect(readCookie('xcrumb=1', 'crumb')).toBeNull()
  })
})
