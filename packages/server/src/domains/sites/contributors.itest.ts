// Contributors end to end on a real database with mail through a real SMTP sink: invite by email, accept through
// the link (only with the invited email), the role's capabilities in /api/auth/me, change role, remove, transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
let smtp: SmtpSink
let admin: Client
let siteId = ''
beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  admin = t.client()
  siteId = (await admin.post('/api/auth/signup', newSignup())).json.site.id
}, 60_000)
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

async function invitationToken(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1)
    const token = mail && /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    if (token) return token
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no invitation to ${email}`)
}

async function invited(role: number): Promise<{ c: Client; id: string; email: string }> {
  const signup = newSignup()
  const c = t.client()
  const id = (await c.post('/api/auth/signup', signup)).json.user.id as string
  expect((await admin.post(`/api/sites/${siteId}/contributors/invitations`, { email: signup.email, role })).status).toBe(201)
  const accepted = await c.post('/api/invitations/accept', { token: await invitationToken(signup.email) })
  expect(accepted.status).toBe(200)
  expect(accepted.json.siteId).toBe(siteId)
  return { c, id, email: signup.email }
}

describe(`contributors (${BACKEND})`, () => {
  it('an invited EDITOR accepts by mail link, sees the editor capabilities and cannot open Commerce', async () => {
    const { c } = await invited(WEBSITE_ROLES.EDITOR)
    const me = await c.get('/api/auth/me')
    const site = me.json.sites.find((s: { id: string }) => s.id === siteId)
    expect(site).toMatchObject({ role: WEBSITE_ROLES.EDITOR, roleName: 'EDITOR' })
    expect(site.capabilities).toContain('content')
    expect(site.capabilities).not.toContain('commerce')
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).json.error.code).toBe('role_not_allowed')
    expect((await c.get(`/api/sites/${siteId}/content/collections`)).status).toBe(200)
    expect((await c.get(`/api/sites/${siteId}/contributors`)).status).toBe(403)
  })

  it('an invitation works once, and only for the account of the invited email', async () => {
    const signup = newSignup()
    await admin.post(`/api/sites/${siteId}/contributors/invitations`, { email: signup.email, role: WEBSITE_ROLES.VIEWER })
    const token = await invitationToken(signup.email)
    const stranger = t.client()
    await stranger.post('/api/auth/signup', newSignup())
    expect((await stranger.post('/api/invitations/accept', { token })).json.error.code).toBe('invitation_for_another_email')
    const invitee = t.client()
    await invitee.post('/api/auth/signup', signup)
    expect((await invitee.post('/api/invitations/accept', { token })).status).toBe(200)
    expect((await invitee.post('/api/invitations/accept', { token })).status).toBe(404)
    expect((await admin.post(`/api/sites/${siteId}/contributors/invitations`, { email: 'x@example.com', role: 5 })).status).toBe(400)
  })

  it('the admin changes a role and removes a contributor; the owner cannot be demoted or removed', async () => {
    const { c, id } = await invited(WEBSITE_ROLES.EDITOR)
    const list = await admin.get(`/api/sites/${siteId}/contributors`)
    const owner = list.json.contributors.find((x: { owner: boolean }) => x.owner)
    expect(list.json.contributors.find((x: { ownerId: string }) => x.ownerId === id)).toMatchObject({ role: WEBSITE_ROLES.EDITOR, owner: false })
    expect((await admin.patch(`/api/sites/${siteId}/contributors/${id}`, { role: WEBSITE_ROLES.STORE_MANAGER })).status).toBe(204)
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).status).toBe(200)
    expect((await c.get(`/api/sites/${siteId}/content/collections`)).status).toBe(403)
    expect((await admin.patch(`/api/sites/${siteId}/contributors/${owner.ownerId}`, { role: WEBSITE_ROLES.VIEWER })).json.error.code).toBe('owner_role_fixed')
    expect((await admin.request('DELETE', `/api/sites/${siteId}/contributors/${owner.ownerId}`)).json.error.code).toBe('owner_not_removable')
    expect((await admin.request('DELETE', `/api/sites/${siteId}/contributors/${id}`)).status).toBe(204)
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).json.error.code).toBe('site_not_found')
  })

  it('only the owner transfers the site; the new owner is ADMIN and the old one stays ADMIN', async () => {
    const second = await invited(WEBSITE_ROLES.ADMIN)
    const editor = await invited(WEBSITE_ROLES.EDITOR)
    expect((await second.c.post(`/api/sites/${siteId}/contributors/transfer`, { ownerId: editor.id })).json.error.code).toBe('not_site_owner')
    expect((await admin.post(`/api/sites/${siteId}/contributors/transfer`, { ownerId: editor.id })).status).toBe(204)
    const list = (await admin.get(`/api/sites/${siteId}/contributors`)).json.contributors
    expect(list.find((x: { ownerId: string }) => x.ownerId === editor.id)).toMatchObject({ owner: true, role: WEBSITE_ROLES.ADMIN })
    expect(list.filter((x: { owner: boolean }) => x.owner)).toHaveLength(1)
  })
})
