// Public API of the languages domain (issue 37): the locales a site is published in (its default, the site
// settings' `locale`, and the added ones under a path prefix) and the translated fields of its objects per locale,
// which fall back to the default. Other domains' objects are named by kind and id only; this domain never imports them.
import type { LocalesAnswer, SiteLocale } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { AppError } from '../../platform/errors.js'
import { addLocale, addedLocales, canonicalLocale, listLocales, removeLocale } from './locales.js'
import { registerLocaleRoutes } from './routes.js'

export { languagesTables } from './schema.js'
export { canonicalLocale } from './locales.js'

export interface LanguagesDeps {
  /** The site's role check (reads: the settings' readers; changes: ADMIN), or throws the typed 401/403/404. */
  authorize(request: FastifyRequest, siteId: string, change: boolean): Promise<unknown>
  /** The site's default locale (its settings' `locale`), null when there is no such site. */
  defaultLocale(siteId: string): Promise<string | null>
  /** The site's locales changed: its published pages (alternates, prefixes) are stale. */
  changed(siteId: string): void
}

export function createLanguages(orm: Orm, deps: LanguagesDeps) {
  const defaultOf = async (siteId: string) => {
    const d = await deps.defaultLocale(siteId)
    if (d === null) throw new AppError('not_found', 'site_not_found', 'No such site.')
    return d
  }
  const domain = {
    list: async (siteId: string): Promise<LocalesAnswer> => listLocales(orm, siteId, await defaultOf(siteId)),
    added: async (siteId: string): Promise<SiteLocale[]> => addedLocales(orm, siteId, await defaultOf(siteId)),
    add: async (siteId: string, locale: string): Promise<SiteLocale> => {
      const added = await addLocale(orm, siteId, await defaultOf(siteId), locale)
      deps.changed(siteId)
      return added
    },
    remove: async (siteId: string, locale: string): Promise<void> => {
      await removeLocale(orm, siteId, await defaultOf(siteId), locale)
      deps.changed(siteId)
    },
    canonical: canonicalLocale,
    routes(app: FastifyInstance): void {
      registerLocaleRoutes(app, { authorize: deps.authorize, list: domain.list, add: domain.add, remove: domain.remove })
    },
  } satisfies DomainLifecycle & Record<string, unknown>
  return domain
}

export type Languages = ReturnType<typeof createLanguages>
