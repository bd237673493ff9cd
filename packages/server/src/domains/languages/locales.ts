// A site's locales: the default (the site settings' `locale`) and the added ones, with their path prefixes. Adds
// take turns per site (advisory lock), so the limit and the one-locale-per-prefix rule hold under concurrent adds;
// removing a locale removes its translations with it.
import { MAX_ADDED_LOCALES, canonicalLocaleTag, localePrefix, type LocalesAnswer, type SiteLocale } from '@sitewright/contracts'
import { hasLocaleData } from '@sitewright/jsont/i18n'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { siteLocales, translations } from './schema.js'

/** The canonical BCP 47 form of `tag` (`fr-fr` -> `fr-FR`, `fr_FR` too), or null when it is not a language tag. */
export function canonicalLocale(tag: string): string | null {
  return canonicalLocaleTag(tag.trim().replace(/_/g, '-'))
}

/** The same tag ignoring case (`en-us` is `en-US`). */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export async function addedLocales(orm: Orm, siteId: string, defaultLocale: string): Promise<SiteLocale[]> {
  const rows = await orm.select().from(siteLocales).where(eq(siteLocales.siteId, siteId)).orderBy(asc(siteLocales.createdAt), asc(siteLocales.locale))
  return rows.filter((r) => !same(r.locale, defaultLocale)).map((r) => ({ locale: r.locale, prefix: r.prefix, default: false }))
}

export async function listLocales(orm: Orm, siteId: string, defaultLocale: string): Promise<LocalesAnswer> {
  return { locales: [{ locale: defaultLocale, prefix: '', default: true }, ...(await addedLocales(orm, siteId, defaultLocale))] }
}

export async function addLocale(orm: Orm, siteId: string, defaultLocale: string, tag: string): Promise<SiteLocale> {
  const locale = canonicalLocale(tag)
  if (!locale) throw new AppError('invalid_data', 'locale_invalid', 'Choose a language tag such as fr-FR.', { fields: { locale: 'Choose a language tag such as fr-FR.' } })
  if (!hasLocaleData(locale)) throw new AppError('invalid_data', 'locale_unsupported', `There is no language data for ${locale}.`, { fields: { locale: `There is no language data for ${locale}.` } })
  if (same(locale, defaultLocale)) throw new AppError('conflict', 'locale_is_default', `${locale} is already the site's default locale.`)
  const prefix = localePrefix(locale)
  return orm.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`site-locales:${siteId}`}))`)
    const existing = await addedLocales(tx, siteId, defaultLocale)
    if (existing.some((l) => same(l.locale, locale))) throw new AppError('conflict', 'locale_exists', `${locale} is already added to this site.`)
    const holder = existing.find((l) => l.prefix === prefix)
    if (holder) throw new AppError('conflict', 'locale_prefix_taken', `${holder.locale} already uses the address prefix /${prefix}/. Remove it first.`)
    if (prefix === localePrefix(defaultLocale)) throw new AppError('conflict', 'locale_prefix_taken', `The default locale ${defaultLocale} is of the same language. Choose another language.`)
    if (existing.length >= MAX_ADDED_LOCALES) throw new AppError('unprocessable', 'locale_limit', `A site can add at most ${MAX_ADDED_LOCALES} locales. Remove one first.`)
    // a row left from when this locale was the default (the default changed since) gives way
    await tx.delete(siteLocales).where(and(eq(siteLocales.siteId, siteId), eq(siteLocales.prefix, prefix)))
    await tx.insert(siteLocales).values({ siteId, locale, prefix })
    return { locale, prefix, default: false }
  })
}

export async function removeLocale(orm: Orm, siteId: string, defaultLocale: string, tag: string): Promise<void> {
  const locale = canonicalLocale(tag)
  if (locale && same(locale, defaultLocale)) throw new AppError('conflict', 'locale_is_default', "The default locale can't be removed. Make another locale the default first.")
  const row = locale ? (await addedLocales(orm, siteId, defaultLocale)).find((l) => same(l.locale, locale)) : undefined
  if (!row) throw new AppError('not_found', 'locale_not_found', 'No such locale on this site.')
  await orm.transaction(async (tx) => {
    await tx.delete(translations).where(and(eq(translations.siteId, siteId), eq(translations.locale, row.locale)))
    await tx.delete(siteLocales).where(and(eq(siteLocales.siteId, siteId), eq(siteLocales.locale, row.locale)))
  })
}
