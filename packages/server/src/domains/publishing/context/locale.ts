// The locale of a page request: the path's first segment when it is an added locale's prefix (`/fr/...`), else the
// site's default (unprefixed). The scope of a page in an added locale holds its collections with their translated
// fields and slugs, and links them under the prefix (fullUrlOf), so navigation, canonical URLs and item links follow.
import { X_DEFAULT_HREFLANG, type SiteLocale } from '@sitewright/contracts'
import type { CollectionRow } from '../../content/index.js'
import { prefixCollection, type SiteScope } from './scope.js'
import { siteTexts, translatedForms, translatedProducts, translatedReader } from './translate.js'
import type { LocaleLink, LocalizationContext } from './types.js'

export { X_DEFAULT_HREFLANG }

export interface ScopeLocale {
  /** The page's locale. */
  locale: string
  /** Its path prefix ('' for the default). */
  prefix: string
  /** Every locale of the site, the default first. */
  all: SiteLocale[]
  /** The page fields in this locale, by page id (blocks: `<blockId>.<prop>`). */
  pages: ReadonlyMap<string, Record<string, string>>
  /** Each locale's path of the page at `inner` (a path of this locale without its prefix). */
  alternates(inner: string): { locale: SiteLocale; path: string }[]
}

const prefixPath = (l: SiteLocale) => (l.prefix ? `/${l.prefix}` : '')

/** The scope locale of a site served in its default locale only. */
export function defaultScopeLocale(locale: string): ScopeLocale {
  const only: SiteLocale = { locale, prefix: '', default: true }
  return { locale, prefix: '', all: [only], pages: new Map(), alternates: (inner) => [{ locale: only, path: inner }] }
}

/** The path of a page request without its locale prefix ('/fr/boutique' -> '/boutique', '/fr' -> '/'). */
export function innerPath(scope: SiteScope, path: string): string {
  const p = scope.locale.prefix
  if (!p) return path
  return path === `/${p}` ? '/' : path.startsWith(`/${p}/`) ? path.slice(p.length + 1) : path
}

/** The scope of `path`'s locale and the path without its prefix. */
export async function localize(scope: SiteScope, path: string): Promise<{ scope: SiteScope; inner: string }> {
  const langs = scope.deps.languages
  if (!langs) return { scope, inner: path }
  const all = await langs.locales(scope.site.id)
  if (all.length <= 1) return { scope, inner: path }
  const first = path.split('/')[1] ?? ''
  const current = all.find((l) => !l.default && l.prefix === first) ?? all[0]!
  const added = all.filter((l) => !l.default).map((l) => l.locale)
  const t = await langs.translations(scope.site.id, current.default ? null : current.locale, added)
  const defaults = new Map(scope.collections.map((c) => [c.id, c.urlId]))
  const collections = current.default ? scope.collections : scope.collections.map((c) => translatedRow(c, t.pages.get(c.id), t.slugs.get(current.locale)?.get(c.id), current.prefix))
  const slugIn = (l: SiteLocale, id: string) => (l.default ? defaults.get(id) : t.slugs.get(l.locale)?.get(id)) ?? defaults.get(id) ?? ''
  const alternates = (inner: string) => {
    // the page (or the collection of an item) the path is under: the longest urlId of this locale it starts with
    const rest = inner.slice(1)
    const owner = inner === '/' ? collections.find((c) => c.homepage) : [...collections].filter((c) => rest === c.urlId || rest.startsWith(`${c.urlId}/`)).sort((a, b) => b.urlId.length - a.urlId.length)[0]
    return all.map((l) => {
      if (!owner) return { locale: l, path: prefixPath(l) + (inner === '/' ? '' : inner) || '/' }
      const tail = owner.homepage && inner === '/' ? '' : `/${slugIn(l, owner.id)}${rest.slice(owner.urlId.length)}`
      return { locale: l, path: prefixPath(l) + tail || '/' }
    })
  }
  const locale: ScopeLocale = { locale: current.locale, prefix: current.prefix, all, pages: t.pages, alternates }
  const inner = current.prefix ? (path === `/${current.prefix}` ? '/' : path.slice(current.prefix.length + 1)) : path
  const byId = new Map(collections.map((c) => [c.id, c]))
  if (current.default || !t.objects.size) return { scope: { ...scope, collections, byId, locale }, inner }
  // the items, products, forms and header and footer texts in this locale
  const { products, forms } = scope.deps
  const deps = { ...scope.deps, ...(products ? { products: translatedProducts(products, t.objects) } : {}), ...(forms ? { forms: translatedForms(forms, t.objects) } : {}) }
  const texts = siteTexts(scope.site.id, t.objects)
  const settings = texts.siteTitle ? { ...scope.settings, title: texts.siteTitle } : scope.settings
  const profile = { ...scope.profile, tagLine: texts.tagLine || scope.profile.tagLine, siteDescription: texts.siteDescription || scope.profile.siteDescription }
  return { scope: { ...scope, collections, byId, locale, deps, settings, profile, content: translatedReader(scope.content, t.objects) }, inner }
}

/** The scope of a system page in `locale` (one of the site's; any other: the scope as it is). */
export async function inLocale(scope: SiteScope, locale: string): Promise<SiteScope> {
  const all = scope.deps.languages ? await scope.deps.languages.locales(scope.site.id) : []
  const found = all.find((l) => l.locale.toLowerCase() === locale.toLowerCase())
  return found && !found.default ? (await localize(scope, `/${found.prefix}`)).scope : scope
}

/** A collection row with its translated fields, linked under `prefix`. */
function translatedRow(c: CollectionRow, fields: Record<string, string> | undefined, slug: string | undefined, prefix: string): CollectionRow {
  const f = fields ?? {}
  const row: CollectionRow = {
    ...c,
    title: f.title || c.title,
    navigationTitle: f.navigationTitle || (f.title && !c.navigationTitle ? f.title : c.navigationTitle),
    seoTitle: f.seoTitle || c.seoTitle,
    seoDescription: f.seoDescription || c.seoDescription,
    description: f.description || c.description,
    urlId: slug || c.urlId,
  }
  return prefixCollection(row, prefix)
}

const capitalize = (s: string, locale: string) => (s ? s.charAt(0).toLocaleUpperCase(locale) + s.slice(1) : s)

/** The language's name in itself ('Français', 'Deutsch'). */
export function languageName(locale: string): string {
  try {
    const lang = locale.split('-')[0] ?? locale
    return capitalize(new Intl.DisplayNames([locale], { type: 'language' }).of(lang) ?? locale, locale)
  } catch {
    return locale
  }
}

/** The page context's `localization` of the page at `path` (with its prefix). */
export function localizationContext(scope: SiteScope, path: string): LocalizationContext {
  const l = scope.locale
  const base: LocalizationContext = { resolved_locale: l.locale, website_locale: scope.settings.locale, prefix: l.prefix, locales: [], xDefault: '' }
  if (l.all.length <= 1) return base
  const alts = l.alternates(innerPath(scope, path))
  base.locales = alts.map((a): LocaleLink => ({ locale: a.locale.locale, prefix: a.locale.prefix, name: languageName(a.locale.locale), url: scope.baseUrl + a.path, default: a.locale.default, current: a.locale.locale === l.locale }))
  base.xDefault = base.locales.find((x) => x.default)?.url ?? ''
  return base
}
