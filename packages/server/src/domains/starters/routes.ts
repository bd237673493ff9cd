// Starter templates, new sites, whole-site copies and the onboarding checklist.
//   GET  /api/starters                          the starters the chooser shows (public: the chooser follows sign-up)
//   GET  /api/starters/:starterId/preview       302 to the starter's live preview site (its home page)
//   POST /api/sites                             a new site of the signed-in owner, filled from a starter
//   POST /api/sites/:siteId/starter             fills a site that has no pages yet (after sign-up)      settings.edit
//   GET  /api/sites/:siteId/starter             whether the chooser is still offered (empty, declined)  content
//   POST /api/sites/:siteId/starter/decline     'Start from a blank site': the empty canvas stops offering it  settings.edit
//   POST /api/sites/:siteId/duplicate           a copy of the whole site under a new address            settings.edit
//   GET  /api/sites/:siteId/onboarding          the checklist, ticked from the site's state             content
//   POST /api/sites/:siteId/onboarding/dismiss  hides the checklist                                     content
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { defineRoute } from '../../platform/http/route.js'
import { SLUG_MESSAGE, SLUG_PATTERN } from '../../platform/slug.js'
import { rolesFor } from '../accounts/index.js'
import type { StartersApi } from './index.js'

const tags = ['starters']
const siteIdParams = z.object({ siteId: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown site id.') }).strict()
const starterId = z.string({ error: 'Choose a starter.' }).regex(/^[a-z0-9-]{1,30}$/, 'Choose a starter.')
const title = z.string({ error: 'Enter a site title.' }).trim().min(1, 'Enter a site title.').max(100, 'Use at most 100 characters.')
const slug = z.string().trim().toLowerCase().regex(SLUG_PATTERN, SLUG_MESSAGE)
const newSiteBody = z.object({ title, slug: slug.optional(), starterId }).strict()
const applyBody = z.object({ starterId }).strict()
const duplicateBody = z.object({ title: title.optional(), slug: slug.optional() }).strict().optional()

export function registerStartersRoutes(app: FastifyInstance, api: StartersApi): void {
  const { auth, sites } = api.deps
  const owner = (request: Parameters<typeof auth.requireOwner>[0]) => auth.requireOwner(request)
  const may = (capability: 'settings.edit' | 'content') => rolesFor(capability)

  defineRoute(
    app,
    { method: 'GET', url: '/api/starters', summary: 'The starter templates (name, kind, palette, fonts, preview address)', tags, responses: { 200: { description: 'The starters' } } },
    async () => ({ starters: api.list() }),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/starters/:starterId/preview',
      summary: "Redirects to the starter's live preview (its home page on a site made from it, kept for previews)",
      tags,
      params: z.object({ starterId }).strict(),
      responses: { 302: { description: 'To the preview site' }, 404: { description: 'starter_not_found' } },
    },
    async ({ params, reply }) => reply.redirect(await api.previewUrl(params.starterId), 302),
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites',
      summary: 'A new site of the signed-in owner (ADMIN), filled from a starter',
      tags,
      body: newSiteBody,
      responses: { 201: { description: 'The site and its home page' }, 400: { description: 'validation_failed' }, 401: { description: 'unauthorized' }, 404: { description: 'starter_not_found' }, 409: { description: 'slug_taken' } },
    },
    async ({ request, reply, body }) => {
      const session = await owner(request)
      const made = await api.createSite(session.ownerId, body)
      reply.code(201)
      return made
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/starter',
      summary: 'Fills a site that has no pages yet from a starter (ADMIN)',
      tags,
      params: siteIdParams,
      body: applyBody,
      responses: { 200: { description: 'The site and its home page' }, 404: { description: 'starter_not_found' }, 409: { description: 'site_not_empty' } },
    },
    async ({ request, params, body }) => {
      const { site } = await sites.authorize(auth, request, params.siteId, may('settings.edit'))
      const session = await owner(request)
      return api.applyStarter(site.id, session.ownerId, body.starterId)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/starter',
      summary: 'Whether the starter chooser is still offered: the site has no pages, and whether the owner declined it (ADMIN, EDITOR)',
      tags,
      params: siteIdParams,
      responses: { 200: { description: 'The offer (empty, declined)' } },
    },
    async ({ request, params }) => {
      await sites.authorize(auth, request, params.siteId, may('content'))
      return { starter: await api.offer(params.siteId) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/starter/decline',
      summary: "Declines the starter chooser ('Start from a blank site'): kept, so the empty canvas stops offering it (ADMIN)",
      tags,
      params: siteIdParams,
      responses: { 200: { description: 'The offer, declined' } },
    },
    async ({ request, params }) => {
      const { site } = await sites.authorize(auth, request, params.siteId, may('settings.edit'))
      return { starter: await api.decline(site.id) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/duplicate',
      summary: 'Copies the whole site (pages, posts, styles, products, files) to a new site of the owner (ADMIN)',
      tags,
      params: siteIdParams,
      body: duplicateBody,
      responses: { 201: { description: 'The new site and its home page' }, 409: { description: 'slug_taken' } },
    },
    async ({ request, reply, params, body }) => {
      const { site } = await sites.authorize(auth, request, params.siteId, may('settings.edit'))
      const session = await owner(request)
      const made = await api.duplicateSite(site.id, session.ownerId, { title: body?.title ?? `${site.title} (copy)`, slug: body?.slug })
      reply.code(201)
      return made
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/onboarding',
      summary: 'The onboarding checklist of a site made from a starter (ADMIN, EDITOR)',
      tags,
      params: siteIdParams,
      responses: { 200: { description: 'The checklist (no steps when the site was not made from a starter)' } },
    },
    async ({ request, params }) => {
      await sites.authorize(auth, request, params.siteId, may('content'))
      return { onboarding: await api.onboarding(params.siteId) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/onboarding/dismiss',
      summary: 'Hides the onboarding checklist (ADMIN, EDITOR)',
      tags,
      params: siteIdParams,
      responses: { 200: { description: 'The checklist, dismissed' } },
    },
    async ({ request, params }) => {
      await sites.authorize(auth, request, params.siteId, may('content'))
      await api.dismiss(params.siteId)
      return { onboarding: await api.onboarding(params.siteId) }
    },
  )
}
