import { describe, expect, it } from 'vitest'
import { XSRF_KEY, signIn, signOut } from './api.js'

function fakeWindow(answers: ((token: string | null, url: string, method: string) => Response)[]) {
  const store = new Map<string, string>()
  const sent: { url: string; method: string; token: string | null }[] = []
  const doc = { cookie: 'crumb=cookie-crumb' }
  const win = {
    document: doc,
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
    fetch: async (url: string, init: RequestInit) => {
      const token = new Headers(init.headers).get('x-csrf-token')
      const method = init.method ?? 'GET'
      sent.push({ url, method, token })
      const answer = answers.shift()
      if (!answer) throw new Error('unexpected call')
      return answer(token, url, method)
    },
  }
  return { win: win as unknown as Window, store, sent, doc }
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const crumbFail = () => json(403, { crumbFail: true, error: 'Missing or wrong crumb' })

describe('site-member session calls', () => {
  it('sign-in keeps data.xsrfToken and sends it with the next call', async () => {
    const { win, store, sent } = fakeWindow([() => json(200, { data: { xsrfToken: 'signed-in-token' } }), () => new Response(null, { status: 204 })])
    const r = await signIn(win, 'a@b.co', 'pw', true)
    expect(r.ok).toBe(true)
    expect(store.get(XSRF_KEY)).toBe('signed-in-token')
    await signOut(win)
    expect(sent[0]).toMatchObject({ method: 'POST', token: 'cookie-crumb' })
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: '/api/site-users/account/session?cloneCart=false', token: 'signed-in-token' })
    expect(store.has(XSRF_KEY)).toBe(false)
  })

  it('sign-out retries exactly once on crumbFail, with the crumb cookie the failure refreshed', async () => {
    const { win, store, sent, doc } = fakeWindow([
      () => {
        doc.cookie = 'crumb=fresh-crumb'
        return crumbFail()
      },
      () => new Response(null, { status: 204 }),
    ])
    store.set(XSRF_KEY, 'stale-token')
    const r = await signOut(win, true)
    expect(r.ok).toBe(true)
    expect(sent.map((s) => s.token)).toEqual(['stale-token', 'fresh-crumb'])
    expect(sent[0]!.url).toContain('cloneCart=true')
  })

  it('a second crumbFail is not retried again', async () => {
    const { win, sent } = fakeWindow([crumbFail, crumbFail])
    const r = await signOut(win)
    expect(r.status).toBe(403)
    expect(sent).toHaveLength(2)
  })
})
