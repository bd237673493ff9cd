// The site-level part of every page context: website, websiteSettings, navigation, SEO defaults, sitewright.
import {
  BLOCK_VARIANT_IDS, CONTENT_GENERATOR_TYPES, GALLERY_MEDIA_TYPES, POSITIONS, SLIDE_TYPES, STORED_ACTIONS_KEY, SURVEY_COHORTS, currencyOf, socialServiceId,
} from '@sitewright/contracts'
import { connectedLinkTitle, type CollectionRow } from '../../content/index.js'
import { fullUrlOf, liveCollection, type SiteScope } from '../context/index.js'
import { localizationContext } from '../context/index.js'
import type { Enumerations, NavLink, PageContext } from '../context/index.js'


/** The data-only enumerations every page context carries (`sitewright.enumerations`). */
export const ENUMERATIONS: Enumerations = {
  slideTypes: SLIDE_TYPES,
  galleryMediaTypes: GALLERY_MEDIA_TYPES,
  contentGeneratorTypes: CONTENT_GENERATOR_TYPES,
  positions: POSITIONS,
  surveyCohorts: SURVEY_COHORTS,
  blockVariantIds: BLOCK_VARIANT_IDS,
  storedActionsKey: STORED_ACTIONS_KEY,
}

export const STOREFRONT_SCRIPT = '/assets/storefront/storefront.js'
export const THEME_CSS = '/assets/theme/site.css'

function isActive(path: string, url: string): boolean {
  if (url === '/') return path === '/'
  return path === url || path.startsWith(`${url}/`)
}

export function navigation(scope: SiteScope, path: string): { main: NavLink[]; footer: NavLink[] } {
  const live = scope.collections.filter((c) => liveCollection(scope, c))
  const link = (c: CollectionRow): NavLink => {
    const fullUrl = fullUrlOf(c)
    const out: NavLink = { title: c.navigationTitle || c.title, fullUrl, active: isActive(path, fullUrl), folder: c.folder && c.typeName === 'folder' }
    if (out.folder) {
      out.items = live.filter((k) => k.parentId === c.id && k.navigation !== '_hidden' && k.navigation !== '_memberareas').map(link)
      out.active = out.items.some((i) => i.active)
    }
    return out
  }
  const top = (nav: string) => live.filter((c) => c.navigation === nav && (!c.parentId || !scope.byId.get(c.parentId))).map(link)
  // connected-account link entries ('Order Now' for an online food-ordering provider) close the main navigation
  const connected = scope.profile.connectedLinks.map((l): NavLink => ({ title: connectedLinkTitle(l), fullUrl: l.url, active: false, folder: false }))
  return { main: [...top('main'), ...connected], footer: top('footer') }
}

export interface BaseOptions {
  path: string
  pageType: number
  template: string
  title: string
  description?: string | undefined
  canonicalPath?: string | undefined
  ogType?: string
  ogImage?: string | undefined
  noindex?: boolean
  /** The owner's SEO title: printed as it is (no site title appended). */
  exactTitle?: boolean
  crumb: string
}

export function baseContext(scope: SiteScope, o: BaseOptions): PageContext {
  const { settings, profile, baseUrl } = scope
  const website: PageContext['website'] = {
    id: scope.site.id,
    identifier: scope.site.slug,
    siteTitle: settings.title,
    siteDescription: profile.siteDescription,
    baseUrl,
    language: scope.locale.locale,
    timeZone: settings.timeZone,
    socialAccounts: profile.socialAccounts.map((a) => ({ serviceId: socialServiceId(a.serviceName), serviceName: a.serviceName, userName: a.userName, profileUrl: a.profileUrl })),
    useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
  }
  if (profile.tagLine) website.siteTagLine = profile.tagLine
  if (scope.featureFlags) website.featureFlags = scope.featureFlags
  if (scope.collections.some((c) => liveCollection(scope, c) && (c.lock === 'members' || c.navigation === '_memberareas'))) website.memberAccounts = true
  const title = o.exactTitle && o.title ? o.title : o.title && o.title !== settings.title ? `${o.title} \u2014 ${settings.title}` : settings.title
  const page: PageContext['page'] = {
    title,
    description: o.description ?? profile.siteDescription,
    canonicalUrl: baseUrl + (o.canonicalPath ?? o.path),
    path: o.path,
    ogType: o.ogType ?? 'website',
  }
  if (o.ogImage) page.ogImage = o.ogImage.startsWith('/') ? baseUrl + o.ogImage : o.ogImage
  if (o.noindex) page.robots = 'noindex'
  return {
    pageType: o.pageType,
    template: o.template,
    page,
    website,
    websiteSettings: {
      commentsEnabled: settings.commentsEnabled,
      disqusShortname: settings.disqusShortName,
      simpleLikingEnabled: settings.simpleLikingEnabled,
      timeZone: settings.timeZone,
      useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
      currency: settings.currency,
      storeCurrency: currencyOf(settings.currency) ?? { code: settings.currency, name: settings.currency, fractionDigits: 2, numericCode: '' },
      locale: settings.locale,
      storeSettings: { currency: settings.currency, multipleQuantityAllowedForServices: true },
    },
    navigation: navigation(scope, o.path),
    requestPath: o.path,
    localization: localizationContext(scope, o.path),
    sitewright: { storefrontScript: STOREFRONT_SCRIPT, themeCss: THEME_CSS, year: scope.now.getFullYear(), crumb: o.crumb, enumerations: ENUMERATIONS },
  }
}

export async function withLogo(scope: SiteScope, ctx: PageContext): Promise<PageContext> {
  const id = scope.profile.logoImageId
  if (id) {
    const logo = (await scope.images([id])).get(id)
    if (logo) ctx.website.logoImageUrl = logo.assetUrl
  }
  if (scope.deps.products?.storeSettings) {
    const store = await scope.deps.products.storeSettings(scope.site.id)
    ctx.websiteSettings.storeSettings = { ...ctx.websiteSettings.storeSettings, ...store }
  }
  if (scope.deps.styles) {
    const styles = await scope.deps.styles(scope.site.id, scope.preview)
    if (styles) ctx.styles = styles
  }
  return ctx
}
