// The history domain's wiring: the kinds of versioned objects, composed from the owning domains' table definitions
// (which rows make a page, a product with its variants and prices but not its stock, the site's settings, ...), and
// the capture at the end of every owner write: a request under /api/sites/:siteId that changed anything gets its
// versions recorded, under its person and reason, before its answer goes out.
import { HISTORY_REASON_HEADER, type HistoryReason } from '@sitewright/contracts'
import { getTableColumns, getTableName } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { rolesFor, type Accounts, type Auth } from '../../domains/accounts/index.js'
import { commerceTables } from '../../domains/commerce/index.js'
import { contentTables } from '../../domains/content/index.js'
import { formsTables } from '../../domains/forms/index.js'
import { createHistory, type History, type KindPart, type KindSpec, type ObjectState } from '../../domains/history/index.js'
import { sitesTables, type Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

function part(name: string, table: PgTable, key: string, o: { site?: string; omit?: string[]; only?: string[]; write?: KindPart['write'] } = {}): KindPart {
  const columns = Object.values(getTableColumns(table) as Record<string, PgColumn>)
  const all = columns.filter((c) => !c.generated).map((c) => c.name)
  const primary = columns.filter((c) => c.primary).map((c) => c.name)
  const pk = primary.length ? primary : (getTableConfig(table).primaryKeys[0]?.columns.map((c) => c.name) ?? [])
  const versioned = o.only ?? all.filter((c) => !(o.omit ?? []).includes(c))
  return { name, table: getTableName(table), key, site: o.site ?? 'site_id', pk, columns: versioned, all, write: o.write ?? 'upsert' }
}

const first = (state: ObjectState, name: string, field: string) => String(state[name]?.[0]?.[field] ?? '')
const c = contentTables
const m = commerceTables

export const HISTORY_KINDS_OF_SITE: readonly KindSpec[] = [
  // the page's place in the navigation (section, order) is the navigation's; the rest of its row is the page's
  { kind: 'page', parts: [part('collection', c.contentCollections, 'id', { omit: ['navigation', 'ordering'] })], title: (s) => first(s, 'collection', 'title'), roles: rolesFor('content') },
  // the navigation: the pages' places, and the unpublished arrangement (the draft) beside them
  {
    kind: 'navigation',
    parts: [part('pages', c.contentCollections, 'site_id', { only: ['id', 'navigation', 'ordering', 'navigation_title', 'parent_id'], write: 'update' }), part('draft', c.navigationDrafts, 'site_id')],
    title: () => 'Navigation',
    roles: rolesFor('content'),
  },
  { kind: 'item', parts: [part('item', c.contentItems, 'id')], title: (s) => first(s, 'item', 'title'), roles: rolesFor('content') },
  // products with their variants and prices; stock counts are not versioned (a restore leaves them as they are)
  { kind: 'product', parts: [part('product', m.products, 'id'), part('variants', m.variants, 'product_id', { omit: ['qty_in_stock'] })], title: (s) => first(s, 'product', 'title'), roles: rolesFor('commerce') },
  { kind: 'styles', parts: [part('styles', sitesTables.siteStyles, 'site_id')], title: () => 'Site styles', roles: rolesFor('design') },
  { kind: 'form', parts: [part('form', formsTables.forms, 'id')], title: (s) => first(s, 'form', 'name'), roles: rolesFor('forms.edit') },
  {
    kind: 'settings',
    parts: [part('site', sitesTables.websites, 'id', { site: 'id', omit: ['owner_id', 'created_at'], write: 'update' }), part('profile', c.contentSiteProfiles, 'site_id')],
    title: (s) => first(s, 'site', 'title'),
    roles: rolesFor('settings.edit'),
  },
  { kind: 'redirects', parts: [part('redirects', c.contentRedirects, 'site_id')], title: () => 'Redirects', roles: rolesFor('content') },
]

const SITE_ROUTE = '/api/sites/:siteId'
/** Owner routes whose writes are imports of a whole site's content (a starter, a copy). */
const IMPORTS = ['/starter', '/duplicate']

function reasonOf(request: FastifyRequest, url: string): HistoryReason {
  if (IMPORTS.some((p) => url.startsWith(`${SITE_ROUTE}${p}`))) return 'import'
  return request.headers[HISTORY_REASON_HEADER] === 'publish' || url.endsWith('/publish') ? 'publish' : 'autosave'
}

export function wireHistory(base: Base, d: { sites: Sites; accounts: Accounts }): History {
  const { fastify, db, cluster } = base
  const auth: Auth = d.accounts.auth
  const currentOwnerId = async (request: FastifyRequest) => (await auth.currentOwner(request))?.ownerId ?? null
  const history = createHistory(db.orm, {
    kinds: HISTORY_KINDS_OF_SITE,
    authorize: (request, siteId, roles) => d.sites.authorize(auth, request, siteId, roles as Parameters<Sites['authorize']>[3]),
    readRoles: rolesFor('content'),
    siteRestoreRoles: rolesFor('settings.edit'),
    currentOwnerId,
    people: async (ids) => (await d.accounts.ownersByIds(ids)).map((o) => ({ id: o.id, name: o.name, email: o.email })),
    changed: (siteId) => (cluster.hostsChanged(siteId), base.invalidatePages(siteId)),
    log: fastify.log,
  })
  fastify.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url
    const siteId = (request.params as { siteId?: unknown } | undefined)?.siteId
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400 || typeof siteId !== 'string' || !url?.startsWith(`${SITE_ROUTE}/`)) return payload
    try {
      await history.capture(siteId, { actorId: await currentOwnerId(request), reason: reasonOf(request, url) })
    } catch (e) {
      request.log.warn({ err: e }, 'history capture failed; the sweep records the change later')
    }
    return payload
  })
  return history
}
