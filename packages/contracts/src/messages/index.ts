// The storefront's message catalogues per language (issue 37): en is the spec's text; fr, de and es written for
// Sitewright. A locale without a catalogue of its own reads English.
import { DE } from './de.js'
import { EN, type Catalogue, type MessageKey } from './en.js'
import { ES } from './es.js'
import { FR } from './fr.js'

export { EN, type Catalogue, type MessageKey }

export const MESSAGE_CATALOGUES: Readonly<Record<string, Catalogue>> = { en: EN, fr: FR, de: DE, es: ES }

/** The catalogue language of a locale (`fr-CA` -> 'fr'; a language without one -> 'en'). */
export function catalogueLanguage(locale: string): string {
  const lang = (locale.split('-')[0] ?? '').toLowerCase()
  return Object.prototype.hasOwnProperty.call(MESSAGE_CATALOGUES, lang) ? lang : 'en'
}
