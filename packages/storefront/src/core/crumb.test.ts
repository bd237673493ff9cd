import { describe, expect, it } from 'vitest'
import { crumbFetch, ensureCrumb, getCrumb, withCrumb } from './crumb.js'

describe('crumb helper', () => {
  it('reads the crumb cookie and adds it as X-CSRF-Token', () => {
    expect(getCrumb('a=1; crumb=n1.sig')).toBe('n1.sig')
    expect(getCrumb('a=1')).toBeNull()
    const init = withCrumb({ method: 'POST', headers: { 'Content-Type': 'text/plain' } }, 'crumb=n1.sig')
    const headers = new Headers(init.headers)
    expect(headers.get('x-csrf-token')).toBe('n1.sig')
    expect(headers.get('content-type')).toBe('text/plain')
    expect(withCrumb({}, '')).toEqual({})
  })

  it('retries exactly once on a crumb failure, with the crumb refreshed by the failing response', async () => {
    // Like a browser: the 403 answer carries a fresh crumb cookie.
    let jar = 'crumb=stale'
    const sent: (string | null)[] = []
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const token = new Headers(init?.headers).get('x-csrf-token')
      sent.push(token)
      if (token !== 'fresh') {
        jar = 'crumb=fresh'
        return new Response(JSON.stringify({ crumbFail: true, error: 'bad crumb' }), { status: 403 })
      }
      return new Response('{}', { status: 200 })
    }
    const res = await crumbFetch('/api/x', { method: 'POST' }, { fetch, cookies: () => jar })
    expect(res.status).toBe(200)
    expect(sent).toEqual(['stale', 'fresh'])
  })

  it('does not retry other 403s, and stops after one retry', async () => {
    let calls = 0
    const forbidden: typeof globalThis.fetch = async () => {
      calls++
      return new Response(JSON.stringify({ error: { type: 'forbidden' } }), { status: 403 })
    }
    expect((await crumbFetch('/x', { method: 'POST' }, { fetch: forbidden, cookies: () => 'crumb=z' })).status).toBe(
      403,
    )
    expect(calls).toBe(1)
    calls = 0
    const alwaysCrumbFail: typeof globalThis.fetch = async () => {
      calls++
      return new Response(JSON.stringify({ crumbFail: true }), { status: 403 })
    }
    await crumbFetch('/x', { method: 'POST' }, { fetch: alwaysCrumbFail, cookies: () => 'crumb=z' })
    expect(calls).toBe(2)
  })

  it('asks /api/crumb for a crumb first when the visitor has none (pages set no cookie)', async () => {
    let jar = ''
    const urls: string[] = []
    const fetch: typeof globalThis.fetch = async (url, init) => {
      urls.push(`${String(url)} ${new Headers(init?.headers).get('x-csrf-token') ?? '-'}`)
      if (url === '/api/crumb') jar = 'crumb=new'
      return new Response('{}', { status: 200 })
    }
    await crumbFetch('/api/cart', { method: 'POST' }, { fetch, cookies: () => jar })
    await crumbFetch('/api/cart', { method: 'POST' }, { fetch, cookies: () => jar })
    expect(urls).toEqual(['/api/crumb -', '/api/cart new', '/api/cart new'])
  })

  it('calls made together before there is a crumb share one /api/crumb request (each would set another cookie)', async () => {
    let jar = ''
    let issued = 0
    const urls: string[] = []
    const fetch: typeof globalThis.fetch = async (url, init) => {
      urls.push(`${String(url)} ${new Headers(init?.headers).get('x-csrf-token') ?? '-'}`)
      await new Promise((r) => setTimeout(r, 5))
      if (url === '/api/crumb') jar = `crumb=c${++issued}`
      return new Response('{}', { status: 200 })
    }
    await Promise.all([
      crumbFetch('/api/a', { method: 'POST' }, { fetch, cookies: () => jar }),
      crumbFetch('/api/b', { method: 'POST' }, { fetch, cookies: () => jar }),
    ])
    expect(urls).toEqual(['/api/crumb -', '/api/a c1', '/api/b c1'])
    // once it has answered, a visitor who lost the cookie asks again
    jar = ''
    await crumbFetch('/api/c', { method: 'POST' }, { fetch, cookies: () => jar })
    expect(urls.slice(3)).toEqual(['/api/crumb -', '/api/c c2'])
  })

  it('ensureCrumb asks once when there is none, and shares the request with a call made meanwhile', async () => {
    let jar = ''
    const urls: string[] = []
    const fetch: typeof globalThis.fetch = async (url, init) => {
      urls.push(`${String(url)} ${new Headers(init?.headers).get('x-csrf-token') ?? '-'}`)
      await new Promise((r) => setTimeout(r, 5))
      if (url === '/api/crumb') jar = 'crumb=only'
      return new Response('{}', { status: 200 })
    }
    await Promise.all([ensureCrumb({ fetch, cookies: () => jar }), crumbFetch('/api/a', { method: 'POST' }, { fetch, cookies: () => jar })])
    await ensureCrumb({ fetch, cookies: () => jar })
    expect(urls).toEqual(['/api/crumb -', '/api/a only'])
  })

  it("reads /api/crumb's body (Chromium keeps a response whose body is never read open: no network idle)", async () => {
    let jar = ''
    const answer = new Response('{"crumb":"c"}', { status: 200 })
    const fetch: typeof globalThis.fetch = async () => {
      jar = 'crumb=c'
      return answer
    }
    await ensureCrumb({ fetch, cookies: () => jar })
    expect(answer.bodyUsed).toBe(true)
  })
})
