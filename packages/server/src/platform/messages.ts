// System strings in the visitor's language: the catalogues of @sitewright/contracts/messages formatted with ICU
// MessageFormat (intl-messageformat; plurals by CLDR's rules, numbers and dates in the locale). Each message is
// parsed once per language and kept.
import { IntlMessageFormat } from 'intl-messageformat'
import { EN, MESSAGE_CATALOGUES, catalogueLanguage, type MessageKey } from '@sitewright/contracts/messages'

export type { MessageKey } from '@sitewright/contracts/messages'

const parsed = new Map<string, IntlMessageFormat>()

/** `key`'s text in `locale` with `values` put in (a language without a catalogue, or a missing key, reads English). */
export function message(locale: string, key: MessageKey, values?: Record<string, string | number>): string {
  const lang = catalogueLanguage(locale)
  const id = `${lang}\u0000${locale}\u0000${key}`
  let f = parsed.get(id)
  if (!f) {
    const source = MESSAGE_CATALOGUES[lang]?.[key] ?? EN[key]
    f = new IntlMessageFormat(source, locale)
    parsed.set(id, f)
  }
  return String(f.format(values))
}

/** A function of `locale`'s texts (`t('order.thanks')`). */
export const messagesFor = (locale: string) => (key: MessageKey, values?: Record<string, string | number>) => message(locale, key, values)
