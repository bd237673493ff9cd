// What the transfer domain (whole-site export/import) needs from the others, composed here.
import type { FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { rolesFor, type Auth } from '../../domains/accounts/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { tableInfo, type TransferDeps } from '../../domains/transfer/index.js'
import type { TransferRouteDeps } from '../../domains/transfer/routes.js'
import { filesTables } from '../../domains/files/index.js'
import { SITE_TRANSFER_RULES } from './rules.js'

export function transferPorts(
  orm: Orm,
  d: { sites: Sites; files: Files; content: Content; auth: Auth; instance: string; appVersion: string; changed(siteId: string): void },
): TransferDeps & TransferRouteDeps {
  return {
    rules: SITE_TRANSFER_RULES,
    assetTable: tableInfo({ table: filesTables.fileAssets, kind: 'content', reason: '' }).name,
    storage: d.files.storage,
    instance: d.instance,
    appVersion: d.appVersion,
    async site(siteId) {
      const site = await d.sites.get(siteId)
      if (!site) throw new AppError('not_found', 'site_not_found', 'Site not found.')
      const { title, ...settings } = d.sites.settingsOf(site)
      return { slug: site.slug, title, settings: { ...settings } }
    },
    createSite: (ownerId, input) => orm.transaction((tx) => d.sites.createForOwner(tx, ownerId, input)),
    slugTaken: async (slug) => (await d.sites.resolver.bySlug(slug)) !== null,
    saveSettings: (tx, siteId, settings) => d.sites.adoptSettings(tx, siteId, settings),
    removeSite: (siteId) => d.sites.removeSite(siteId),
    homePageId: async (siteId) => (await d.content.listCollections(siteId)).find((c) => c.homepage)?.id ?? null,
    changed(siteId) {
      d.changed(siteId)
      d.files.resume(siteId).catch(() => undefined) // variants still to make: made in the background like an upload's
    },
    authorizeAdmin: (request: FastifyRequest, siteId: string) => d.sites.authorize(d.auth, request, siteId, rolesFor('transfer')),
    requireOwner: (request: FastifyRequest) => d.auth.requireOwner(request),
  }
}
