import { createHmac } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp, type Client } from '../../../test/harness.js'
import { createForm, ownerSite, submit, type OwnerSite } from './forms-test-kit.js'

let t: TestApp
let site: OwnerSite<Client>
let hook: Server
const received: { body: string; signature: string }[] = []
let hookUrl = ''

beforeAll(async () => {
  hook = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-sitewright-signature']) })
      // The first delivery fails: the worker must retry.
      res.writeHead(received.length === 1 ? 500 : 204).end()
    })
  })
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`
  t = await startTestApp()
  site = await ownerSite(t)
})
afterAll(async () => {
  await t?.close()
  hook?.close()
})

const base = () => `/api/sites/${site.siteId}`

describe(`forms owner API (${BACKEND})`, () => {
  it("creates with defaults ('My Form Name'), edits, lists, deletes; sanitizes the submission HTML", async () => {
    const created = await site.owner.post(`${base()}/forms`, {})
    expect(created.status).toBe(201)
    expect(created.json.form).toMatchObject({ name: 'My Form Name', fields: [], submitButtonText: 'Add to Cart', captchaEnabled: false })
    const id = created.json.form.id
    const patched = await site.owner.patch(`${base()}/forms/${id}`, { name: 'Contact', submissionHtml: '<p onclick="x()">Hi<script>alert(1)</script></p>', successRedirect: '/thanks' })
    expect(patched.status, patched.body).toBe(200)
    expect(patched.json.form.submissionHtml).toBe('<p>Hi</p>')
    expect((await site.owner.get(`${base()}/forms`)).json.forms.map((f: { id: string }) => f.id)).toContain(id)
    expect((await site.owner.request('DELETE', `${base()}/forms/${id}`)).status).toBe(204)
    expect((await site.owner.get(`${base()}/forms/${id}`)).status).toBe(404)
  })

  it('rejects bad field definitions with messages per field', async () => {
    const res = await site.owner.post(`${base()}/forms`, { fields: [{ type: 'radio', id: 'r', title: 'R', options: [] }, { type: 'nope', id: 'x', title: 'X' }], successRedirect: 'javascript:alert(1)' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.json.error.fields)).toEqual(expect.arrayContaining(['fields.0.options', 'successRedirect']))
  })

  it("'A List must be selected' for an unknown list; other owners and visitors get 404/401", async () => {
    const res = await site.owner.post(`${base()}/forms`, { mailingListId: 'no-such-list' })
    expect(res.status).toBe(400)
    expect(res.json.error.message).toBe('A List must be selected')
    const stranger = t.client()
    await stranger.post('/api/auth/signup', newSignup())
    expect((await stranger.get(`${base()}/forms`)).status).toBe(404)
    expect((await t.client().get(`${base()}/forms`)).status).toBe(401)
  })

  it('lists submissions with search and paging, shows summary displays, exports CSV and deletes', async () => {
    const form = await createForm(site, { name: 'Survey' })
    const v = site.visitor()
    await submit(v, form.id, { text: 'alpha', address: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'], date: ['7', '4', '2025'], time: ['9', '30', '', 'AM'], phone: ['1', '555', '123', '4567'], likert: { Fast: '2', Friendly: '-2' }, password: 'secret' })
    await submit(v, form.id, { text: '=HYPERLINK("http://evil")', checkbox: ['X', 'Y'] })
    await submit(v, form.id, { text: 'gamma' })
    const page0 = await site.owner.get(`${base()}/forms/${form.id}/submissions?size=2`)
    expect(page0.json).toMatchObject({ total: 3, page: 0, size: 2, hasNextPage: true })
    expect(page0.json.submissions).toHaveLength(2)
    const page1 = await site.owner.get(`${base()}/forms/${form.id}/submissions?size=2&page=1`)
    expect(page1.json.submissions).toHaveLength(1)
    expect(page1.json.hasNextPage).toBe(false)
    const found = await site.owner.get(`${base()}/forms/${form.id}/submissions?q=SPRINGFIELD`)
    expect(found.json.total).toBe(1)
    expect((await site.owner.get(`${base()}/forms/${form.id}/submissions?q=secret`)).json.total).toBe(0)
    const detail = await site.owner.get(`${base()}/forms/${form.id}/submissions/${found.json.submissions[0].id}`)
    const byId = Object.fromEntries(detail.json.submission.summary.map((s: { id: string }) => [s.id, s]))
    expect(byId.address.parts.map((p: { name: string }) => p.name)).toEqual(['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'])
    expect(byId.address.text).toBe('1 Main St, Springfield, IL 62701 US')
    expect(byId.date.parts.map((p: { name: string }) => p.name)).toEqual(['Month', 'Day', 'Year'])
    expect(byId.time.text).toBe('9:30:00 AM')
    expect(byId.phone.parts.map((p: { name: string }) => p.name)).toEqual(['Country', 'Areacode', 'Prefix', 'Line'])
    expect(byId.name.parts.map((p: { name: string }) => p.name)).toEqual(['First', 'Last'])
    expect(byId.name.text).toBe('N/A')
    expect(byId.likert.lines).toEqual([{ label: 'Fast', text: 'Strongly Agree' }, { label: 'Friendly', text: 'Strongly Disagree' }])
    expect(byId.password.text).toBe('__MASKED_FIELD__')
    expect(byId.email.text).toBe('N/A')
    const csv = await site.owner.get(`${base()}/forms/${form.id}/submissions/export.csv`)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toContain('"Submitted On","Text","Message"')
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4)
    const id = page0.json.submissions[0].id
    expect((await site.owner.request('DELETE', `${base()}/forms/${form.id}/submissions/${id}`)).status).toBe(204)
    expect((await site.owner.get(`${base()}/forms/${form.id}/submissions`)).json.total).toBe(2)
  })

  it('notifies the owner by e-mail and delivers the signed webhook, retrying after a failure', async () => {
    const form = await createForm(site, { name: 'Hooked', notifyEmail: 'owner@example.com', webhookUrl: hookUrl })
    expect(form.webhookSecret).toMatch(/.{20,}/)
    // PostgreSQL: webhooks go through pg-boss; PGlite: the in-process outbox worker.
    expect(t.app.forms.delivery.usesPgBoss).toBe(BACKEND === 'postgres')
    const { res } = await submit(site.visitor(), form.id, { text: 'deliver me', email: 'visitor@example.com' })
    expect(res.status).toBe(200)
    await expect.poll(() => received.length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(2)
    const last = received.at(-1)!
    expect(JSON.parse(last.body)).toMatchObject({ event: 'form.submission', formId: form.id, submissionId: res.json.data.submissionId })
    expect(last.signature).toBe(`sha256=${createHmac('sha256', form.webhookSecret).update(last.body).digest('hex')}`)
    const mailDir = join(t.config.dataDir, 'mail')
    await expect.poll(() => { try { return readdirSync(mailDir).length } catch { return 0 } }, { timeout: 10_000 }).toBeGreaterThan(0)
    const eml = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8')).find((m) => m.includes('Form Submission - Hooked'))!
    expect(eml).toMatch(/^To: owner@example.com$/m)
    expect(eml).toMatch(/^Reply-To: visitor@example.com$/m)
    expect(eml).toContain('Text: deliver me')
  }, 40_000)

  it("mailing-list connection of a form (GET/PUT ?formId=): 'A List must be selected' without a list", async () => {
    const list = (await site.owner.post(`${base()}/mailing-lists`, { name: 'Connect me' })).json.list
    const form = await createForm(site, { name: 'Connectable' })
    expect((await site.owner.get(`${base()}/mailing-lists?formId=${form.id}`)).json.connection).toBeNull()
    const bad = await site.owner.request('PUT', `${base()}/mailing-lists?formId=${form.id}`, { json: { connection: { service: 'lists' } } })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toBe('A List must be selected')
    const ok = await site.owner.request('PUT', `${base()}/mailing-lists?formId=${form.id}`, { json: { connection: { service: 'lists', listId: list.id } } })
    expect(ok.json.connection).toEqual({ service: 'lists', listId: list.id, listName: 'Connect me' })
    expect((await site.owner.get(`${base()}/mailing-lists?formId=${form.id}`)).json.connection.listId).toBe(list.id)
    expect((await site.owner.get(`${base()}/forms/${form.id}`)).json.form.mailingListId).toBe(list.id)
    const off = await site.owner.request('PUT', `${base()}/mailing-lists?formId=${form.id}`, { json: { connection: null } })
    expect(off.json.connection).toBeNull()
  })

  it('newsletter: a form connected to a list subscribes, exports with signed unsubscribe links, and unsubscribes', async () => {
    const list = await site.owner.post(`${base()}/mailing-lists`, { name: 'Letters' })
    expect(list.status).toBe(201)
    const form = await createForm(site, { name: 'Newsletter', mailingListId: list.json.list.id, fields: [{ type: 'email', id: 'email', title: 'Email', required: true }] })
    const v = site.visitor()
    expect((await submit(v, form.id, { email: 'Reader@Example.com' })).res.status).toBe(200)
    expect((await submit(v, form.id, { email: 'reader@example.com' })).res.status).toBe(200)
    const lists = await site.owner.get(`${base()}/mailing-lists`)
    expect(lists.json.lists.find((l: { id: string }) => l.id === list.json.list.id).subscribers).toBe(1)
    const csv = await site.owner.get(`${base()}/mailing-lists/${list.json.list.id}/export.csv`)
    expect(csv.body).toContain('"reader@example.com","subscribed"')
    const link = new URL(/"(http[^"]+unsubscribe[^"]+)"/.exec(csv.body)![1]!)
    const page = await v.get(link.pathname + link.search)
    expect(page.status).toBe(200)
    expect(page.body).toContain('reader@example.com')
    expect((await v.get(`${link.pathname}?s=${link.searchParams.get('s')}&t=forged`)).status).toBe(404)
    const done = await v.request('POST', link.pathname, { body: `${link.searchParams.toString()}&crumb=${encodeURIComponent(v.crumb!)}`, contentType: 'application/x-www-form-urlencoded', crumb: false })
    expect(done.status).toBe(200)
    const after = await site.owner.get(`${base()}/mailing-lists`)
    expect(after.json.lists.find((l: { id: string }) => l.id === list.json.list.id).subscribers).toBe(0)
  })
})
