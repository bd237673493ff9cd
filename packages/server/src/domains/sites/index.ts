// Public API of the sites domain: websites, settings, membership with website roles, host resolution.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import type { SiteRef, TenancyResolver } from '../../platform/http/tenancy.js'
import { WEBSITE_ROLES, capabilitiesOf, roleName, primaryRole, type Auth, type OwnedSite, type WebsiteRole } from '../accounts/index.js'
import { authorize, requireRole, type SiteAccess } from './access.js'
import { registerSitesRoutes } from './routes.js'
import { guardOwnerRoutes, type GuardedRoute } from './route-guard.js'
import { registerContributorsRoutes, type ContributorsDeps } from './contributors-routes.js'
import * as svc from './service.js'
import { eq } from 'drizzle-orm'
import { siteMembers, websites } from './schema.js'
import { cssVariables, getStyles, publishStylesIn, putStyles, rootCss, savedStyles, type CssVariable } from './styles.js'
import { registerStylesRoutes } from './styles-routes.js'
import { settingsPatch, type WebsiteSettings } from './validators.js'
import type { StylesPut } from './styles-validators.js'
import { defaultSiteStyles as defaultStyles, type FontChoice } from '@sitewright/contracts'

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
  /** The @font-face rules (inline) and preload URLs of the web fonts the active font theme uses; absent: none. */
  fonts?: { css: string; preloads: { href: string }[] }
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
  /** The web font faces of a heading and a paragraph font (fonts domain); absent: no @font-face rules. */
  fontFaces?: (used: { heading: FontChoice | undefined; body: FontChoice | undefined }) => { css: string; preloads: string[] }
}

export function createSites(orm: Orm, opts: SitesOptions) {
  const port = opts.publicPort === 80 ? '' : `:${opts.publicPort}`
  const urlOf = (slug: string) =>
    slug === DEMO_SLUG ? `http://${opts.rootDomain}${port}/` : `http://${slug}.${opts.rootDomain}${port}/`
  const summary = (site: svc.Website, roles: WebsiteRole[]): OwnedSite => {
    const role = primaryRole(roles) ?? WEBSITE_ROLES.VIEWER
    return { id: site.id, slug: site.slug, title: site.title, role, roleName: roleName(role), url: urlOf(site.slug), capabilities: capabilitiesOf(roles) }
  }
  // a verified primary custom domain replaces the built-in address (custom-domains, bound by the app)
  let primaryUrl: (siteId: string) => Promise<string | null> = async () => null
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
    /** The site's public address: its verified primary custom domain, else the built-in `urlOf(slug)`. */
    publicUrl: async (site: { id: string; slug: string }): Promise<string> => (await primaryUrl(site.id)) ?? urlOf(site.slug),
    /** Binds where primary custom-domain addresses come from. */
    usePrimaryUrls(fn: (siteId: string) => Promise<string | null>): void {
      primaryUrl = fn
    },
    get: (siteId: string) => svc.getWebsite(orm, siteId),
    settingsOf: (site: svc.Website): WebsiteSettings => svc.settingsOf(site),
    updateSettings: (siteId: string, patch: Partial<WebsiteSettings>) => svc.updateSettings(orm, siteId, patch),
    /** Saves settings read from an imported archive inside `tx`: known keys with valid values only (not the title). */
    async adoptSettings(tx: Orm, siteId: string, raw: Record<string, unknown>): Promise<void> {
      const patch: Record<string, unknown> = {}
      for (const [key, schema] of Object.entries(settingsPatch.shape)) {
        const parsed = key === 'title' || raw[key] === undefined ? null : schema.safeParse(raw[key])
        if (parsed?.success) patch[key] = parsed.data
      }
      await svc.updateSettings(tx, siteId, patch)
    },
    /** Removes a site and every row of it (site tables cascade): a site import that failed. */
    async removeSite(siteId: string): Promise<void> {
      await orm.delete(websites).where(eq(websites.id, siteId))
      changed(siteId)
    },
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
    /** A site nobody owns (a starter template's live preview), or the existing one of that address. */
    async ensureUnowned(input: { title: string; slug: string }): Promise<{ id: string; slug: string; created: boolean }> {
      const found = await svc.websiteBySlug(orm, input.slug)
      if (found && found.ownerId !== null) throw new AppError('conflict', 'slug_taken', 'This site address is already taken.')
      if (found) return { id: found.id, slug: found.slug, created: false }
      const site = await svc.insertWebsite(orm, input, null)
      return { id: site.id, slug: site.slug, created: true }
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
    /** Saves the named style paths (a starter template's palette and fonts) and publishes them; published pages change. */
    async putStyles(siteId: string, body: StylesPut) {
      const saved = await putStyles(orm, siteId, body, 'live')
      changed(siteId)
      return saved
    },
    /** Publishes the styles' draft inside the caller's transaction (a release); true when there was one. */
    publishStylesIn: (tx: Orm, siteId: string) => publishStylesIn(tx, siteId),
    /**
     * The saved styles as CSS custom properties, or null while the site keeps the theme's own look. `draft`: the
     * owner's view (canvas, preview) with the unpublished changes.
     */
    async stylesContext(siteId: string, draft = false): Promise<StylesContext | null> {
      const styles = await savedStyles(orm, siteId, draft)
      if (!styles) return null
      const vars = cssVariables(styles)
      if (!vars.length) return null
      const out: StylesContext = { cssVariables: vars, css: rootCss(vars) }
      if (opts.fontFaces) {
        const theme = styles.fonts.themes.find((t) => t.id === styles.fonts.activeThemeId) ?? styles.fonts.themes[0]
        const u = styles.fonts.fontUsageCategories
        const faces = theme ? opts.fontFaces({ heading: theme[u.headings], body: theme[u.paragraphs] }) : null
        if (faces?.css) out.fonts = { css: faces.css, preloads: faces.preloads.map((href) => ({ href })) }
      }
      return out
    },
    /**
     * Each colour theme of the site (saved styles, else the theme's defaults) as the colour custom properties it sets:
     * what a page section with that colour theme as its background declares on itself.
     */
    async colorThemeVariables(siteId: string, draft = false): Promise<Map<string, CssVariable[]>> {
      const styles = (await savedStyles(orm, siteId, draft)) ?? defaultStyles()
      const out = new Map<string, CssVariable[]>()
      for (const t of styles.colors.themes) {
        out.set(t.id, cssVariables({ ...styles, colors: { ...styles.colors, activeThemeId: t.id } }).filter((v) => !v.name.startsWith('--font-')))
      }
      return out
    },
    /** For other domains' owner routes: session + host rule + role check in one call. */
    authorize: (auth: Auth, request: FastifyRequest, siteId: string, allowed: readonly WebsiteRole[]) =>
      authorize(orm, auth, request, siteId, allowed),
  }
}

export type Sites = ReturnType<typeof createSites>
