// Routes of the links mailed at sign-up: GET shows what the link does (changes nothing), POST does it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { inlinePageOptions } from '../../platform/http/security.js'
import { claimPage, LINK_PAGE_SAMPLE, linkExpiredPage, verifyPage } from './link-pages.js'
import type { AccountsDeps } from './routes.js'
import { claimSites, describeLink, verifyEmail, type LinkPurpose } from './signup.js'

const tokenBody = z.object({ token: z.string().min(1, 'The link is incomplete.').max(200), crumb: z.string().optional() }).strict()
const tokenQuery = z.object({ token: z.string().max(200).optional() })

const fromForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')

export function registerLinkRoutes(app: FastifyInstance, orm: Orm, deps: AccountsDeps): void {
  const helmet = inlinePageOptions(LINK_PAGE_SAMPLE, { formsToSelf: true })

  async function showLink(request: FastifyRequest, reply: FastifyReply, purpose: LinkPurpose) {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const token = tokenQuery.safeParse(request.query).data?.token ?? ''
    try {
      const link = await describeLink(orm, token, purpose)
      if (purpose === 'verify-email') return reply.send(verifyPage(link.email, token, request.crumb))
      const sites = (await deps.sites.listForOwner(link.ownerId)).map((s) => s.title)
      return reply.send(claimPage(link.email, sites, token, request.crumb))
    } catch (e) {
      if (e instanceof AppError && e.type === 'not_found') return reply.code(404).send(linkExpiredPage(e.message))
      throw e
    }
  }
  app.get('/api/auth/verify-email', { helmet }, (request, reply) => showLink(request, reply, 'verify-email'))
  app.get('/api/auth/claim', { helmet }, (request, reply) => showLink(request, reply, 'claim'))

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/verify-email',
      summary: 'Confirm an owner email address with the token of the link mailed at sign-up (a form post is redirected to the editor)',
      tags: ['auth'],
      body: tokenBody,
      bodyTypes: ['json', 'form'],
      responses: { 200: { description: 'Confirmed' }, 303: { description: 'Confirmed (form post)' }, 404: { description: 'link_expired' } },
    },
    async ({ request, reply, body }) => {
      const owner = await verifyEmail(orm, body.token)
      if (fromForm(request)) return reply.redirect('/config?verified=1', 303)
      return { verified: true, email: owner.email }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/claim',
      summary:
        "Add the sites started by a sign-up with an address that already had an account to that address's account (token of the link mailed to it); the provisional account and its sessions end",
      tags: ['auth'],
      body: tokenBody,
      bodyTypes: ['json', 'form'],
      responses: { 200: { description: 'Added' }, 303: { description: 'Added (form post)' }, 404: { description: 'link_expired' } },
    },
    async ({ request, reply, body }) => {
      const owner = await claimSites(orm, body.token, deps.sites.moveMembers)
      if (fromForm(request)) return reply.redirect('/config?claimed=1', 303)
      return { user: owner, sites: await deps.sites.listForOwner(owner.id) }
    },
  )
}
