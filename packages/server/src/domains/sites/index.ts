// Public API of the sites domain: websites, settings, membership with website roles, host resolution.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { SiteRef, TenancyResolver } from '../../platform/http/tenancy.js'
import { WEBSITE_ROLES, capabilitiesOf, roleName, primaryRole, type Auth, type OwnedSite, type WebsiteRole } from '../accounts/index.js'
import { authorize, requireRole, type SiteAccess } from './access.js'
import { registerSitesRoutes } from './routes.js'
import { guardOwnerRoutes, type GuardedRoute } from './route-guard.js'
import { registerContributorsRoutes, type ContributorsDeps } from './contributors-routes.js'
import * as svc from './service.js'
import { eq } from 'drizzle-orm'
import { siteMembers } from './schema.js'
import { cssVariables, getStyles, rootCss, savedStyles, type CssVariable } from './styles.js'
import { registerStylesRoutes } from './styles-routes.js'
import type { WebsiteSettings } from './validators.js'

export { SETTINGS_EDITORS, SETTINGS_READERS, type SiteAccess } from './access.js'
export { sitesTables } from './schema.js'
export type { Website } from './service.js'
export type { WebsiteSettings } from './validators.js'
export { STYLE_ROLES } from './styles-routes.js'
export { defaultSiteStyles, isFontStack, STYLE_DIRTY_PATHS, type SiteStyles } from './styles-validators.js'
export type { CssVariable } from './styles.js'

/** The active styles of a site as published pages print them (themes/default/CONTEXT.md `styles`). */
export interface StylesContext {
  cssVariables: CssVariable[]
  /** The same variables as one `:root{...}` rule. */
  css: string
}

/** The slug of the demo site, served at the platform host (localhost). */
export const DEMO_SLUG = 'demo'

export interface SitesOptions {
  rootDomain: string
  publicPort: number
  /** Owner sessions (accounts): the owner routes check them. */
  auth: Auth
  /** Contributors (invitations by mail): the owner accounts and mail they need; absent: no contributor routes. */
  contributors?: ContributorsDeps
}

export function createSites(orm: Orm, opts: SitesOptions) {
  const port = opts.publicPort === 80 ? '' : `:${opts.publicPort}`
  const urlOf = (slug: string) =>
    slug === DEMO_SLUG ? `http://${opts.rootDomain}${port}/` : `http://${slug}.${opts.rootDomain}${port}/`
  const summary = (site: svc.Website, roles: WebsiteRole[]): OwnedSite => {
    const role = primaryRole(roles) ?? WEBSITE_ROLES.VIEWER
    return { id: site.id, slug: site.slug, title: site.title, role, roleName: roleName(role), url: urlOf(site.slug), capabilities: capabilitiesOf(roles) }
  }
  const listeners: ((siteId: string) => void)[] = []
  const changed = (siteId: string) => {
    for (const fn of listeners) fn(siteId)
  }
  const resolver: TenancyResolver = {
    async platformSite(): Promise<SiteRef | null> {
      const w = await svc.websiteBySlug(orm, DEMO_SLUG)
      return w && { id: w.id, slug: w.slug }
    },
    async bySlug(slug: string): Promise<SiteRef | null> {
      const w = await svc.websiteBySlug(orm, slug)
      return w && { id: w.id, slug: w.slug }
    },
  }

  return {
    resolver,
    urlOf,
    get: (siteId: string) => svc.getWebsite(orm, siteId),
    settingsOf: (site: svc.Website): WebsiteSettings => svc.settingsOf(site),
    updateSettings: (siteId: string, patch: Partial<WebsiteSettings>) => svc.updateSettings(orm, siteId, patch),
    count: () => svc.countWebsites(orm),
    async listForOwner(ownerId: string): Promise<OwnedSite[]> {
      return (await svc.sitesOfOwner(orm, ownerId)).map((e) => summary(e.site, e.roles))
    },
    /** Creates a site with `ownerId` as ADMIN, inside the caller's transaction `tx`. */
    async createForOwner(tx: Orm, ownerId: string, input: { title: string; slug?: string | undefined }): Promise<OwnedSite> {
      const site = await svc.insertWebsite(tx, input, ownerId)
      await svc.addMember(tx, site.id, ownerId, WEBSITE_ROLES.ADMIN)
      return summary(site, [WEBSITE_ROLES.ADMIN])
    },
    addMember: (siteId: string, ownerId: string, role: WebsiteRole, tx: Orm = orm) => svc.addMember(tx, siteId, ownerId, role),
    removeMember: (siteId: string, ownerId: string) => svc.removeMember(orm, siteId, ownerId),
    /** Moves every site role of one account to another, inside the caller's transaction `tx`. */
    moveMembers: (tx: Orm, fromOwnerId: string, toOwnerId: string) => svc.moveMembers(tx, fromOwnerId, toOwnerId),
    rolesOf: (siteId: string, ownerId: string) => svc.rolesOf(orm, siteId, ownerId),
    /** The site's members (owner account ids) holding any of `roles` (who receives the owner notifications). */
    async membersWith(siteId: string, roles: readonly WebsiteRole[]): Promise<string[]> {
      const rows = await orm.select({ ownerId: siteMembers.ownerId, role: siteMembers.role }).from(siteMembers).where(eq(siteMembers.siteId, siteId))
      return [...new Set(rows.filter((r) => (roles as readonly number[]).includes(r.role)).map((r) => r.ownerId))]
    },
    requireRole: (session: { ownerId: string }, siteId: string, allowed: readonly WebsiteRole[]): Promise<SiteAccess> =>
      requireRole(orm, session, siteId, allowed),
    /** Checks every owner route registered from now on against the permission table (call before any route). */
    guardOwnerRoutes(app: FastifyInstance): { routes(): readonly GuardedRoute[] } {
      return guardOwnerRoutes(app, orm, opts.auth)
    },
    routes(app: FastifyInstance): void {
      registerSitesRoutes(app, orm, opts.auth, changed)
      if (opts.contributors) registerContributorsRoutes(app, orm, opts.auth, opts.contributors)
      registerStylesRoutes(app, orm, opts.auth, changed)
    },
    /** Told after a change that published pages show (settings, styles): e.g. publishing's page cache. */
    onChange(fn: (siteId: string) => void): void {
      listeners.push(fn)
    },
    getStyles: (siteId: string) => getStyles(orm, siteId),
    /** The saved styles as CSS custom properties, or null while the site keeps the theme's own look. */
    async stylesContext(siteId: string): Promise<StylesContext | null> {
      const styles = await savedStyles(orm, siteId)
      if (!styles) return null
      const vars = cssVariables(styles)
      return vars.length ? { cssVariables: vars, css: rootCss(vars) } : null
    },
    /** For other domains' owner routes: session + host rule + role check in one call. */
    authorize: (auth: Auth, request: FastifyRequest, siteId: string, allowed: readonly WebsiteRole[]) =>
      authorize(orm, auth, request, siteId, allowed),
  }
}

export type Sites = ReturnType<typeof createSites>
