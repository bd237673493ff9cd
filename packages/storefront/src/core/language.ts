// The visitor's language choice is remembered: on a site in several languages (its pages name their alternates),
// the language of the page last seen is kept in the locale cookie, which the checkout and the confirmation read.
import { LOCALE_COOKIE } from '@sitewright/contracts'

export function rememberLanguage(doc: Document): void {
  const lang = doc.documentElement.lang
  if (!lang || !doc.querySelector('link[rel="alternate"][hreflang]')) return
  doc.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`
}
