// Published pages: builds the JSON-T context of a page and renders a theme template with @sitewright/jsont.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { compile, render } from '@sitewright/jsont'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { REPO_ROOT } from '../../platform/paths.js'
import type { Website, WebsiteSettings } from '../sites/index.js'

export const DEFAULT_THEME_DIR = join(REPO_ROOT, 'themes/default')

/** Page types of the specification used so far. */
export const PAGE_TYPES = { PAGE: 2, NOT_FOUND: 100 } as const

/** The published-page context (shape: themes/default/CONTEXT.md; this minimal issue fills the site-level part). */
export interface PageContext {
  pageType: number
  template: string
  page: { title: string; description: string; canonicalUrl: string; path: string; ogType: string; robots?: string }
  website: {
    id: string
    identifier: string
    siteTitle: string
    siteDescription: string
    /** Absolute, no trailing slash. */
    baseUrl: string
    language: string
    timeZone: string
    socialAccounts: { serviceId: number; serviceName: string; userName: string; profileUrl: string }[]
    useCLDRMoneyFormat: boolean
  }
  websiteSettings: {
    commentsEnabled: boolean
    disqusShortname: string
    simpleLikingEnabled: boolean
    timeZone: string
    useCLDRMoneyFormat: boolean
    currency: string
    locale: string
    storeSettings: { currency: string; multipleQuantityAllowedForServices: boolean }
  }
  navigation: { main: NavLink[]; footer: NavLink[] }
  requestPath: string
  sitewright: { storefrontScript: string; themeCss: string; year: number }
}

export interface NavLink {
  title: string
  fullUrl: string
  active: boolean
  folder: boolean
  items?: NavLink[]
}

export function pageContext(
  site: Website,
  settings: WebsiteSettings,
  opts: { baseUrl: string; path: string; pageType: number; template: string; pageTitle: string; now?: Date },
): PageContext {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '')
  const notFound = opts.pageType === PAGE_TYPES.NOT_FOUND
  return {
    pageType: opts.pageType,
    template: opts.template,
    page: {
      title: opts.pageTitle,
      description: '',
      canonicalUrl: baseUrl + opts.path,
      path: opts.path,
      ogType: 'website',
      ...(notFound ? { robots: 'noindex' } : {}),
    },
    website: {
      id: site.id,
      identifier: site.slug,
      siteTitle: settings.title,
      siteDescription: '',
      baseUrl,
      language: settings.locale,
      timeZone: settings.timeZone,
      socialAccounts: [],
      useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
    },
    websiteSettings: {
      commentsEnabled: settings.commentsEnabled,
      disqusShortname: settings.disqusShortName,
      simpleLikingEnabled: settings.simpleLikingEnabled,
      timeZone: settings.timeZone,
      useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
      currency: settings.currency,
      locale: settings.locale,
      storeSettings: { currency: settings.currency, multipleQuantityAllowedForServices: false },
    },
    navigation: { main: [], footer: [] },
    requestPath: opts.path,
    sitewright: {
      storefrontScript: '/assets/storefront/storefront.js',
      themeCss: '/assets/theme/site.css',
      year: (opts.now ?? new Date()).getFullYear(),
    },
  }
}

type Compiled = ReturnType<typeof compile>

/** Theme templates compiled once and recompiled when their file changes. */
export function createTheme(dir = DEFAULT_THEME_DIR, log?: FastifyBaseLogger) {
  const cache = new Map<string, { mtimeMs: number; compiled: Compiled }>()

  function template(name: string): Compiled {
    const file = join(dir, 'templates', `${name}.jsont`)
    let mtimeMs: number
    try {
      mtimeMs = statSync(file).mtimeMs
    } catch {
      throw new AppError('unavailable', 'theme_template_missing', 'This page cannot be shown right now.')
    }
    const hit = cache.get(name)
    if (hit && hit.mtimeMs === mtimeMs) return hit.compiled
    const compiled = compile(readFileSync(file, 'utf8'))
    for (const e of compiled.errors) log?.warn({ template: name, error: e }, 'theme template error')
    cache.set(name, { mtimeMs, compiled })
    return compiled
  }

  return {
    /** Renders `name` with the context; template errors are logged and the rest of the page still renders. */
    render(name: string, context: PageContext, locale: string): string {
      const { output, errors } = render(template(name), { json: context, locale, now: Date.now() })
      for (const e of errors) log?.warn({ template: name, error: e }, 'theme render error')
      return output
    },
  }
}

export type Theme = ReturnType<typeof createTheme>
