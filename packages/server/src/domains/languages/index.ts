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
import { registerTranslationRoutes } from './translation-routes.js'
import { invalidField, objectChecker, type ObjectKind, type ObjectPorts } from './objects.js'
import { readTranslations, renderTranslations, writeFields, writePageTranslations, type RenderTranslations, type TranslationPorts } from './translations.js'

export { languagesTables } from './schema.js'
export { canonicalLocale } from './locales.js'
export type { PageShape, RenderTranslations } from './translations.js'
export type { ObjectKind, ObjectPorts } from './objects.js'

export interface LanguagesDeps {
  /** The site's role check (reads: the settings' readers; changes: ADMIN), or throws the typed 401/403/404. */
  authorize(request: FastifyRequest, siteId: string, change: boolean): Promise<unknown>
  /** The site's default locale (its settings' `locale`), null when there is no such site. */
  defaultLocale(siteId: string): Promise<string | null>
  /** The site's locales or translations changed: its published pages (alternates, prefixes, texts) are stale. */
  changed(siteId: string): void
  /** The content roles' check (translations are written by those who write the pages). */
  authorizeContent(request: FastifyRequest, siteId: string): Promise<unknown>
  /** The roles' check of an object's own domain (items and the site's texts: content; products: commerce; forms:
   * reading or changing forms). */
  authorizeObject(request: FastifyRequest, siteId: string, kind: ObjectKind, change: boolean): Promise<unknown>
  /** The pages' shapes and the content rules translations follow. */
  pages: TranslationPorts
  /** The other objects translated (items, products, forms). */
  objects: ObjectPorts
}

export function createLanguages(orm: Orm, deps: LanguagesDeps) {
  const defaultOf = async (siteId: string) => {
    const d = await deps.defaultLocale(siteId)
    if (d === null) throw new AppError('not_found', 'site_not_found', 'No such site.')
    return d
  }
  /** An added locale of the site in its stored form; the default and unknown ones are refused (typed). */
  const addedOne = async (siteId: string, tag: string): Promise<string> => {
    const d = await defaultOf(siteId)
    const locale = canonicalLocale(tag)
    if (locale && locale.toLowerCase() === d.toLowerCase()) throw new AppError('conflict', 'locale_is_default', `${d} is the site's default locale: edit the page itself.`)
    const found = locale ? (await addedLocales(orm, siteId, d)).find((l) => l.locale.toLowerCase() === locale.toLowerCase()) : undefined
    if (!found) throw new AppError('not_found', 'locale_not_found', 'No such locale on this site. Add it first.')
    return found.locale
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
    readPage: async (siteId: string, tag: string, pageId: string) => {
      const locale = await addedOne(siteId, tag)
      if (!(await deps.pages.page(siteId, pageId))) throw new AppError('not_found', 'page_not_found', 'No such page on this site.')
      return readTranslations(orm, siteId, locale, 'page', pageId)
    },
    writePage: async (siteId: string, tag: string, pageId: string, fields: Record<string, string | null>) => {
      const written = await writePageTranslations(orm, siteId, await addedOne(siteId, tag), pageId, fields, deps.pages)
      deps.changed(siteId)
      return written
    },
    readObject: async (siteId: string, tag: string, kind: ObjectKind, objectId: string) => {
      const locale = await addedOne(siteId, tag)
      await objectChecker(kind, siteId, objectId, deps.objects)
      return readTranslations(orm, siteId, locale, kind, objectId)
    },
    writeObject: async (siteId: string, tag: string, kind: ObjectKind, objectId: string, fields: Record<string, string | null>) => {
      const locale = await addedOne(siteId, tag)
      const check = await objectChecker(kind, siteId, objectId, deps.objects)
      const entries = Object.entries(fields)
      if (!entries.length) throw invalidField('fields', 'Send at least one field to translate.')
      const written = await writeFields(orm, siteId, locale, kind, objectId, entries.map(([f, v]) => [f, v === null ? null : check(f, v)] as const))
      deps.changed(siteId)
      return written
    },
    /** What a published page in `locale` (null: the default) is rendered from; `locales`: the added ones. */
    forRendering: (siteId: string, locale: string | null, locales: readonly string[]): Promise<RenderTranslations> => renderTranslations(orm, siteId, locale, locales),
    routes(app: FastifyInstance): void {
      registerLocaleRoutes(app, { authorize: deps.authorize, list: domain.list, add: domain.add, remove: domain.remove })
      registerTranslationRoutes(app, { authorize: deps.authorizeContent, read: domain.readPage, write: domain.writePage, authorizeObject: deps.authorizeObject, readObject: domain.readObject, writeObject: domain.writeObject })
    },
  } satisfies DomainLifecycle & Record<string, unknown>
  return domain
}

export type Languages = ReturnType<typeof createLanguages>
