// Owner API of the navigation's draft (issue 36), under /api/sites/:siteId/content/navigation: read the navigation
// as the owner sees it, keep an arrangement as the draft (visitors see nothing of it), publish it, or discard it.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import { discardNavigationDraft, navigationState, publishNavigation, putNavigationDraft } from './navigation-draft.js'
import * as v from './validators.js'

const tags = ['content']
const common = {
  401: { description: 'not signed in' },
  403: { description: 'role_not_allowed, or crumb failure' },
  404: { description: 'site_not_found' },
}
const entry = z.object({ id: z.string(), navigation: z.string(), ordering: z.number(), navigationTitle: z.string(), parentId: z.string().nullable() })
const state = z.object({ pages: z.array(entry), unpublished: z.boolean(), updatedOn: z.number().nullable() })

export function registerNavigationRoutes(app: FastifyInstance, orm: Orm, d: { allow(request: FastifyRequest, siteId: string): Promise<unknown>; changed(siteId: string): void }): void {
  const url = '/api/sites/:siteId/content/navigation'
  defineRoute(app, { method: 'GET', url, summary: "The navigation as the owner sees it (the draft's places where there is one) and whether it is unpublished", tags, params: v.siteParams, responses: { 200: { description: '{ pages, unpublished, updatedOn }', schema: state }, ...common } }, async ({ request, params }) => {
    await d.allow(request, params.siteId)
    return navigationState(orm, params.siteId)
  })
  defineRoute(
    app,
    { method: 'PUT', url, summary: 'Keep an arrangement of the pages as the navigation draft (visitors keep the published navigation)', tags, params: v.siteParams, body: v.navigationDraftBody, responses: { 200: { description: '{ pages, unpublished, updatedOn }', schema: state }, 400: { description: 'validation_failed with fields (a page twice, a parent that is no folder, a folder inside itself)' }, ...common, 404: { description: 'site_not_found, collection_not_found' } } },
    async ({ request, params, body }) => {
      await d.allow(request, params.siteId)
      return putNavigationDraft(orm, params.siteId, body)
    },
  )
  defineRoute(app, { method: 'POST', url: `${url}/publish`, summary: "Publish the navigation's draft: visitors see it (one statement)", tags, params: v.siteParams, responses: { 200: { description: '{ published, navigation }' }, ...common } }, async ({ request, params }) => {
    await d.allow(request, params.siteId)
    const published = await publishNavigation(orm, params.siteId)
    d.changed(params.siteId)
    return { published, navigation: await navigationState(orm, params.siteId) }
  })
  defineRoute(app, { method: 'DELETE', url: `${url}/draft`, summary: "Discard the navigation's draft", tags, params: v.siteParams, responses: { 200: { description: '{ pages, unpublished, updatedOn }', schema: state }, ...common } }, async ({ request, params }) => {
    await d.allow(request, params.siteId)
    await discardNavigationDraft(orm, params.siteId)
    return navigationState(orm, params.siteId)
  })
}
