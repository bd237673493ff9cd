// /api/sites/{siteId}/locales: the languages one site is published in (issue 37). The site's default locale is its
// settings' `locale`; added locales are served under a path prefix (their language: `/fr/...`). Translations of an
// object are read and written through the object's own routes with the `locale` query parameter.

/** How many locales one site may add besides its default. */
export const MAX_ADDED_LOCALES = 20

/** The query parameter that reads or writes an object's fields in one locale (`?locale=fr-FR`). */
export const LOCALE_QUERY_PARAM = 'locale'

/** The `hreflang` value of the alternate that names the default version. */
export const X_DEFAULT_HREFLANG = 'x-default'

export interface SiteLocale {
  /** BCP 47 tag, canonical form (`fr-FR`, `de`). */
  locale: string
  /** Path prefix without slashes (`fr`); '' for the default locale (served at the root). */
  prefix: string
  /** The site's default locale (exactly one). */
  default: boolean
}

export interface LocalesAnswer {
  /** The default locale first, then the added ones in the order they were added. */
  locales: SiteLocale[]
}

export interface AddLocaleRequest {
  locale: string
}

/**
 * The canonical BCP 47 form of a language tag (`fr-fr` -> `fr-FR`), or null when it is not one: a language of 2-3
 * letters and subtags of 2-8 letters or digits, as Intl accepts it. The one rule for the site's default locale (owner
 * API and editor) and its added locales.
 */
export function canonicalLocaleTag(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return null
  try {
    const found = Intl.getCanonicalLocales(tag)
    return found.length === 1 ? (found[0] ?? null) : null
  } catch {
    return null
  }
}

/** The path prefix of an added locale: its language subtag, lower case (`fr-CA` -> `fr`). */
export function localePrefix(locale: string): string {
  return (locale.split('-')[0] ?? '').toLowerCase()
}

/** The cookie a visitor's language choice is remembered in (the switcher sets it; system pages read it). */
export const LOCALE_COOKIE = 'sw_locale'

/** The object families whose fields are translated per locale. */
export const TRANSLATION_KINDS = ['page', 'item', 'product', 'form', 'site'] as const
export type TranslationKind = (typeof TRANSLATION_KINDS)[number]

/** A page's own translatable fields (`urlId`: its translated slug, `/fr/boutique`). */
export const PAGE_TRANSLATABLE_FIELDS = ['title', 'navigationTitle', 'seoTitle', 'seoDescription', 'description', 'urlId'] as const

/**
 * The translatable text props of a page's blocks, by block type name; a block's field is named `<blockId>.<prop>`
 * (`b1.html`). HTML props are sanitized like the block's own.
 */
export const BLOCK_TRANSLATABLE_PROPS: Readonly<Record<string, readonly string[]>> = {
  text: ['html'],
  html: ['html'],
  markdown: ['markdown'],
  image: ['caption'],
  video: ['title', 'caption'],
  button: ['label'],
  quote: ['text', 'source'],
  newsletter: ['title', 'description', 'placeholder', 'buttonText'],
  form: ['title'],
  summary: ['title'],
  album: ['title'],
  audio: ['title'],
  embed: ['title'],
  search: ['placeholder'],
  accordion: ['title'],
  menu: ['title'],
  chart: ['title'],
  donation: ['title', 'description', 'buttonText'],
}

/** A collection item's translatable fields (posts, events, gallery images): `body` and `excerpt` are HTML. */
export const ITEM_TRANSLATABLE_FIELDS = ['title', 'excerpt', 'body'] as const

/**
 * A product's translatable fields (`description`: HTML, or plain text made paragraphs), plus `option.<name>` for the
 * display name of a variant option (the option's own name stays the key carts and orders use).
 */
export const PRODUCT_TRANSLATABLE_FIELDS = ['title', 'description', 'excerpt', 'seoTitle', 'seoDescription', 'customAddButtonText'] as const

/** A form's own translatable texts, plus `<fieldId>.<prop>` for its fields' FORM_FIELD_TRANSLATABLE_PROPS. */
export const FORM_TRANSLATABLE_FIELDS = ['submitButtonText', 'submissionMessage', 'disclaimerMessage'] as const
export const FORM_FIELD_TRANSLATABLE_PROPS = ['title', 'description', 'placeholder'] as const

/** The site-wide texts of the header and footer (`/api/sites/{siteId}/content/profile/translations`). */
export const SITE_TRANSLATABLE_FIELDS = ['siteTitle', 'tagLine', 'siteDescription'] as const

/**
 * GET/PUT `<object route>/translations?locale=fr-FR` on a page (`/content/collections/{id}`), an item
 * (`/content/items/{id}`), a product (`/commerce/products/{id}`), a form (`/forms/{id}`) or the site's header and
 * footer (`/content/profile`).
 */
export interface TranslationsAnswer {
  locale: string
  kind: TranslationKind
  objectId: string
  /** The translated fields only; a field not here falls back to the default locale's text. */
  fields: Record<string, string>
}

export interface PutTranslationsRequest {
  /** Field -> translated text; null removes the translation (the default shows again). */
  fields: Record<string, string | null>
}
