// Client-side validation of the website settings form. Pure functions; the server re-validates and its
// per-field messages take precedence when it answers 400.
import { canonicalLocaleTag } from '@sitewright/contracts'
import type { WebsiteSettings } from '../api/types.js'

export type SettingsErrors = Partial<Record<keyof WebsiteSettings, string>>

export const TITLE_MAX = 100
export const DISQUS_MAX = 64

let zoneCache: Set<string> | null = null
export function timeZones(): string[] {
  return [...zoneSet()].sort()
}
function zoneSet(): Set<string> {
  if (!zoneCache) zoneCache = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])
  return zoneCache
}

let currencyCache: string[] | null = null
export function currencies(): string[] {
  return (currencyCache ??= Intl.supportedValuesOf('currency'))
}

export function isValidLocale(tag: string): boolean {
  return canonicalLocaleTag(tag) !== null
}

export function validateSettings(s: WebsiteSettings): SettingsErrors {
  const errors: SettingsErrors = {}
  const title = s.title.trim()
  if (!title) errors.title = 'Enter a site title.'
  else if (title.length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters.`

  const disqus = s.disqusShortName.trim()
  if (disqus.length > DISQUS_MAX)
    errors.disqusShortName = `The short name can be at most ${DISQUS_MAX} characters`
  else if (disqus && !/^[A-Za-z0-9-]+$/.test(disqus))
    errors.disqusShortName = 'Use only letters, digits and hyphens'

  if (!zoneSet().has(s.timeZone))
    errors.timeZone = `${s.timeZone || 'This'} is not one of the expected options`
  if (!/^[A-Z]{3}$/.test(s.currency) || !currencies().includes(s.currency))
    errors.currency = 'Choose a three-letter ISO 4217 currency code such as USD.'
  if (!isValidLocale(s.locale.trim())) errors.locale = 'Choose a language tag such as en-US.'
  return errors
}

/** The fields that differ from the saved settings (what a PATCH sends), with text trimmed. */
export function changedFields(saved: WebsiteSettings, draft: WebsiteSettings): Partial<WebsiteSettings> {
  const out: Partial<WebsiteSettings> = {}
  for (const key of Object.keys(draft) as (keyof WebsiteSettings)[]) {
    const value = typeof draft[key] === 'string' ? (draft[key] as string).trim() : draft[key]
    if (value !== saved[key]) (out as Record<string, unknown>)[key] = value
  }
  return out
}

/** A sample price in the site's locale and currency (CLDR formatting), or null when they cannot format. */
export function moneyPreview(s: Pick<WebsiteSettings, 'currency' | 'locale'>): string | null {
  try {
    return new Intl.NumberFormat(s.locale, { style: 'currency', currency: s.currency }).format(1234.5)
  } catch {
    return null
  }
}
