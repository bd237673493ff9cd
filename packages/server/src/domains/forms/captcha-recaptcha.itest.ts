// The reCAPTCHA-compatible provider against a local verifier, the 429 rate limit and the 500 answer.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp, type Client, keepEnv } from '../../../test/harness.js'
import { createForm, ownerSite, submit, type OwnerSite } from './forms-test-kit.js'

let verifier: Server
let verifierUp = true
const seen: URLSearchParams[] = []
let t: TestApp
let site: OwnerSite<Client>
let form: Record<string, any>

keepEnv(['CAPTCHA_PROVIDER', 'RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_VERIFY_URL', 'FORM_RATE_LIMIT'])

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const p = new URLSearchParams(body)
      seen.push(p)
      if (!verifierUp) return void res.writeHead(503).end()
      const ok = p.get('secret') === 'test-secret' && p.get('response') === 'good-token'
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: ok }))
    })
  })
  await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r))
  const port = (verifier.address() as { port: number }).port
  Object.assign(process.env, {
    CAPTCHA_PROVIDER: 'recaptcha',
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_SITE_KEY: 'test-site-key',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    FORM_RATE_LIMIT: '4',
  })
  t = await startTestApp()
  site = await ownerSite(t)
  form = await createForm(site, { captchaEnabled: true })
})
afterAll(async () => {
  await t?.close()
  verifier?.close()
})

describe(`reCAPTCHA-compatible provider, rate limit and failures (${BACKEND})`, () => {
  it('verifies the token with the configured verifier (secret, response, remote address)', async () => {
    const v = site.visitor()
    expect((await submit(v, form.id, { text: 'ok' }, { captchaKey: 'good-token' })).res.status).toBe(200)
    expect(seen.at(-1)!.get('remoteip')).toBe(v.remoteAddress)
    const bad = await submit(v, form.id, { text: 'no' }, { captchaKey: 'bad-token' })
    expect(bad.res.status).toBe(400)
    expect(bad.res.json.data.error).toBe('Complete CAPTCHA before submitting.')
  })

  it('the page context names the provider and its site key; there is no ALTCHA challenge', async () => {
    const forms = await t.app.forms.getFormsForContext(site.siteId, [form.id])
    expect(forms.get(form.id)!.captcha).toMatchObject({ provider: 'recaptcha', siteKey: 'test-site-key', enabled: true })
    expect((await site.visitor().get('/api/form/captcha/challenge')).status).toBe(404)
  })

  it("500 'Unable to send form. Please try again later.' when the verifier is down (nothing stored)", async () => {
    verifierUp = false
    try {
      const { res } = await submit(site.visitor(), form.id, { text: 'down' }, { captchaKey: 'good-token' })
      expect(res.status).toBe(500)
      expect(res.json).toEqual({ data: { error: 'Unable to send form. Please try again later.' } })
    } finally {
      verifierUp = true
    }
  })

  it("429 'Unable to submit form. Submission rate limit exceeded. Please try again later.' past the limit, with Retry-After", async () => {
    const v = site.visitor()
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof submit>>['res'] | undefined
    for (let i = 0; i < 6; i++) {
      last = (await submit(v, form.id, { text: `n${i}` }, { captchaKey: 'good-token' })).res
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    expect(last!.json).toEqual({ data: { error: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' } })
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
    expect((await submit(site.visitor(), form.id, { text: 'other address' }, { captchaKey: 'good-token' })).res.status).toBe(200)
  })
})
