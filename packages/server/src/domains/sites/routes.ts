import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import type { Auth } from '../accounts/index.js'
import { SETTINGS_EDITORS, SETTINGS_READERS, authorize } from './access.js'
import { settingsOf, updateSettings } from './service.js'
import { settingsPatch, settingsResponse, siteIdParams } from './validators.js'

const tags = ['sites']

export function registerSitesRoutes(app: FastifyInstance, orm: Orm, auth: Auth, changed: (siteId: string) => void = () => {}): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/settings',
      summary: 'Website settings (ADMIN, EDITOR, BILLING, REPORTING, STORE_MANAGER, VIEWER)',
      tags,
      params: siteIdParams,
      responses: {
        200: { description: 'The settings', schema: settingsResponse },
        403: { description: 'role_not_allowed' },
        404: { description: 'site_not_found (no role on that site)' },
      },
    },
    async ({ request, params }) => {
      const { site } = await authorize(orm, auth, request, params.siteId, SETTINGS_READERS)
      return { settings: settingsOf(site) }
    },
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/settings',
      summary: 'Change website settings (ADMIN); any subset of the fields',
      tags,
      params: siteIdParams,
      body: settingsPatch,
      responses: {
        200: { description: 'The settings after the change', schema: settingsResponse },
        400: { description: 'validation_failed with fields' },
        403: { description: 'role_not_allowed' },
        404: { description: 'site_not_found' },
      },
    },
    async ({ request, params, body }) => {
      await authorize(orm, auth, request, params.siteId, SETTINGS_EDITORS)
      const site = await updateSettings(orm, params.siteId, body)
      changed(site.id)
      return { settings: settingsOf(site) }
    },
  )
}
