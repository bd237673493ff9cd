// Owner API of the site styles (the editor's STYLE screen): GET the styles, PUT the changed (dirty) paths into the
// draft (issue 36: the canvas and the private preview show it, visitors keep the published styles), publish the
// draft, or discard it.
import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import { WEBSITE_ROLES, type Auth } from '../accounts/index.js'
import { authorize } from './access.js'
import { discardStylesDraft, getStyles, publishStyles, putStyles } from './styles.js'
import { stylesPut, stylesResponse } from './styles-validators.js'
import { siteIdParams } from './validators.js'

/** Roles that may read and change the site's styles. */
export const STYLE_ROLES = [WEBSITE_ROLES.ADMIN, WEBSITE_ROLES.EDITOR] as const

const tags = ['sites']

export function registerStylesRoutes(app: FastifyInstance, orm: Orm, auth: Auth, changed: (siteId: string) => void): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/styles',
      summary: "The site's styles (ADMIN, EDITOR); the theme's own look until the first save (updatedOn null)",
      tags,
      params: siteIdParams,
      responses: {
        200: { description: 'The styles', schema: stylesResponse },
        403: { description: 'role_not_allowed' },
        404: { description: 'site_not_found' },
      },
    },
    async ({ request, params }) => {
      await authorize(orm, auth, request, params.siteId, STYLE_ROLES)
      return getStyles(orm, params.siteId)
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/sites/:siteId/styles',
      summary: 'Save the changed parts of the styles as the draft (ADMIN, EDITOR): only the dirty paths of `styles` are applied; visitors see them after Publish',
      tags,
      params: siteIdParams,
      body: stylesPut,
      responses: {
        200: { description: 'The styles after the change', schema: stylesResponse },
        400: { description: 'validation_failed with fields (hex colours, font stacks, ids, references)' },
        403: { description: 'role_not_allowed, or crumbFail' },
        404: { description: 'site_not_found' },
      },
    },
    async ({ request, params, body }) => {
      await authorize(orm, auth, request, params.siteId, STYLE_ROLES)
      return putStyles(orm, params.siteId, body)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/styles/publish',
      summary: "Publish the styles' draft (ADMIN, EDITOR): visitors see it",
      tags,
      params: siteIdParams,
      responses: { 200: { description: '{ published, styles }' }, 403: { description: 'role_not_allowed, or crumbFail' }, 404: { description: 'site_not_found' } },
    },
    async ({ request, params }) => {
      await authorize(orm, auth, request, params.siteId, STYLE_ROLES)
      const out = await publishStyles(orm, params.siteId)
      if (out.published) changed(params.siteId)
      return out
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/sites/:siteId/styles/draft',
      summary: "Discard the styles' draft (ADMIN, EDITOR): the published styles again",
      tags,
      params: siteIdParams,
      responses: { 200: { description: 'The styles', schema: stylesResponse }, 403: { description: 'role_not_allowed, or crumbFail' }, 404: { description: 'site_not_found' } },
    },
    async ({ request, params }) => {
      await authorize(orm, auth, request, params.siteId, STYLE_ROLES)
      return discardStylesDraft(orm, params.siteId)
    },
  )
}
