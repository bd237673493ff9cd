// Starter templates and onboarding: the chooser's list and live previews, new sites filled from a starter, whole-site
// copies and the onboarding checklist. The starters are theme data (catalog.ts); filling a site from one goes
// through the other domains' own operations (the `seed` port, the same path as the demo site's content).
import { eq, getTableColumns } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Onboarding, SiteFromStarter, StarterOffer, StarterSummary } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { AppError } from '../../platform/errors.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import { loadStarters, PALETTE_SWATCHES, type StarterSpec } from './catalog.js'
import { copySiteRows, remapIds } from './copy.js'
import { declineStarter, dismissOnboarding, onboardingOf, recordStarter, starterDeclined, type SiteState } from './onboarding.js'
import { registerStartersRoutes } from './routes.js'

export { loadStarters, starterSpec, type StarterPage, type StarterSpec } from './catalog.js'
export { copySiteRows, remapIds } from './copy.js'
export { fingerprint, type SiteState } from './onboarding.js'
export { startersTables } from './schema.js'

export interface SeededStarter {
  homePageId: string
  homeLayout: unknown
  /** Blog posts + products made. */
  seededCount: number
}

export interface StartersDeps {
  auth: Auth
  sites: Sites
  themeDir: string
  /** Fills an empty site from a starter (pages, images, posts, products, styles, profile). */
  seed(siteId: string, spec: StarterSpec, opts: { homeStatus: 'draft' | 'published' }): Promise<SeededStarter>
  /** True when the site has any page or collection. */
  hasPages(siteId: string): Promise<boolean>
  /** What the onboarding checklist reads. */
  siteState(siteId: string): Promise<SiteState>
  /** The tables a whole-site copy takes (parents before children). */
  copyTables: readonly PgTable[]
  /** Copies the stored bytes of the copied files (asset id map old -> new). */
  copyFiles(fromSiteId: string, toSiteId: string, assets: { from: string; to: string; variants: string }[]): Promise<void>
  /** Told after a site changed (published pages). */
  changed?(siteId: string): void
}

const PREVIEW_SLUG = (id: string) => `starter-${id}`

export function createStarters(orm: Orm, deps: StartersDeps) {
  let catalog: StarterSpec[] | null = null
  const all = () => (catalog ??= loadStarters(deps.themeDir))
  const find = (id: string) => {
    const s = all().find((x) => x.id === id)
    if (!s) throw new AppError('not_found', 'starter_not_found', 'There is no such starter template.')
    return s
  }
  const previews = new Map<string, Promise<string>>()

  async function fill(siteId: string, spec: StarterSpec, homeStatus: 'draft' | 'published'): Promise<string> {
    const seeded = await deps.seed(siteId, spec, { homeStatus })
    await recordStarter(orm, siteId, { starterId: spec.id, homePageId: seeded.homePageId, homeLayout: seeded.homeLayout, seededCount: seeded.seededCount })
    deps.changed?.(siteId)
    return seeded.homePageId
  }

  async function ensurePreview(spec: StarterSpec): Promise<string> {
    let site: { id: string; slug: string; created: boolean }
    try {
      site = await deps.sites.ensureUnowned({ title: spec.siteTitle, slug: PREVIEW_SLUG(spec.id) })
    } catch (e) {
      if ((e as { code?: string }).code !== 'slug_taken') throw e
      site = await deps.sites.ensureUnowned({ title: spec.siteTitle, slug: PREVIEW_SLUG(spec.id) }) // another node made it
    }
    if (site.created || !(await deps.hasPages(site.id))) await fill(site.id, spec, 'published')
    return deps.sites.urlOf(site.slug)
  }

  const api = {
    deps,
    list(): StarterSummary[] {
      return all().map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        summary: s.summary,
        palette: PALETTE_SWATCHES.map((k) => s.styles.palette[k]),
        headingFont: s.styles.heading.family,
        bodyFont: s.styles.body.family,
        previewUrl: `/api/starters/${s.id}/preview`,
      }))
    },
    /** The live preview's address (the preview site is made and filled on first use). */
    previewUrl(id: string): Promise<string> {
      const spec = find(id)
      let p = previews.get(id)
      if (!p) {
        p = ensurePreview(spec)
        previews.set(id, p)
        p.catch(() => previews.delete(id))
      }
      return p
    },
    async createSite(ownerId: string, input: { title: string; slug?: string | undefined; starterId: string }): Promise<SiteFromStarter> {
      const spec = find(input.starterId)
      const site = await orm.transaction((tx) => deps.sites.createForOwner(tx, ownerId, { title: input.title, slug: input.slug }))
      return { site, homePageId: await fill(site.id, spec, 'draft') }
    },
    async applyStarter(siteId: string, ownerId: string, starterId: string): Promise<SiteFromStarter> {
      const spec = find(starterId)
      if (await deps.hasPages(siteId)) throw new AppError('conflict', 'site_not_empty', 'This site already has pages: create a new site to start from a template.')
      const homePageId = await fill(siteId, spec, 'draft')
      const site = (await deps.sites.listForOwner(ownerId)).find((s) => s.id === siteId)
      if (!site) throw new AppError('not_found', 'site_not_found', 'Site not found.')
      return { site, homePageId }
    },
    async duplicateSite(fromSiteId: string, ownerId: string, input: { title: string; slug?: string | undefined }): Promise<SiteFromStarter> {
      const from = await deps.sites.get(fromSiteId)
      if (!from) throw new AppError('not_found', 'site_not_found', 'Site not found.')
      const { site, copied } = await orm.transaction(async (tx) => {
        const made = await deps.sites.createForOwner(tx, ownerId, input)
        return { site: made, copied: await copySiteRows(tx, deps.copyTables, fromSiteId, made.id) }
      })
      const { title: _title, ...settings } = remapIds(deps.sites.settingsOf(from), copied.ids)
      await deps.sites.updateSettings(site.id, settings)
      const assets = await copiedAssets(fromSiteId, copied.ids)
      await deps.copyFiles(fromSiteId, site.id, assets)
      const state = await deps.siteState(site.id)
      return { site, homePageId: state.home?.id ?? null }
    },
    /** Whether the chooser is still offered: the site has no pages, and whether its owner declined it. */
    async offer(siteId: string): Promise<StarterOffer> {
      const [hasPages, declined] = await Promise.all([deps.hasPages(siteId), starterDeclined(orm, siteId)])
      return { empty: !hasPages, declined }
    },
    /** 'Start from a blank site': the empty canvas stops offering a starter (Settings keeps it while the site is empty). */
    async decline(siteId: string): Promise<StarterOffer> {
      await declineStarter(orm, siteId)
      return api.offer(siteId)
    },
    onboarding: (siteId: string): Promise<Onboarding> => onboardingOf(orm, siteId, () => deps.siteState(siteId)),
    dismiss: (siteId: string) => dismissOnboarding(orm, siteId),
  }

  /** The file assets of the source site that were copied, with their width variants. */
  async function copiedAssets(fromSiteId: string, ids: Map<string, string>) {
    const assetTable = deps.copyTables.find((t) => (t as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] === 'file_assets')
    if (!assetTable) return []
    const siteCol = (getTableColumns(assetTable) as Record<string, PgColumn>).siteId!
    const rows = (await orm.select().from(assetTable).where(eq(siteCol, fromSiteId))) as { id: string; variants: string }[]
    return rows.filter((r) => ids.has(r.id)).map((r) => ({ from: r.id, to: ids.get(r.id)!, variants: r.variants }))
  }

  const domain: DomainLifecycle & { api: typeof api } = {
    api,
    routes(app: FastifyInstance) {
      registerStartersRoutes(app, api)
    },
  }
  return domain
}

export type StartersApi = ReturnType<typeof createStarters>['api']
export type Starters = ReturnType<typeof createStarters>
