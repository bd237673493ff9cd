// Interest-free instalments, one rule for the server (checkout) and the storefront (product pages): 4 payments;
// the provider by the site's locale exactly as the specification lists it (en_US, en_CA, fr_CA, en_AU, en_NZ:
// Afterpay; en_GB: Clearpay; others none), the store currency the merchant country's (US en, CA en/fr, AU en, NZ en,
// GB en), and the US territories counting as the US where the goods are shipped. Import-free.

export const INSTALMENT_COUNT = 4

export type InstalmentProviderName = 'Afterpay' | 'Clearpay'

/** Eligible merchant countries: the site languages each allows and the store currency it needs. */
export const INSTALMENT_COUNTRIES: Readonly<Record<string, { languages: readonly string[]; currency: string }>> = {
  US: { languages: ['en'], currency: 'USD' },
  CA: { languages: ['en', 'fr'], currency: 'CAD' },
  AU: { languages: ['en'], currency: 'AUD' },
  NZ: { languages: ['en'], currency: 'NZD' },
  GB: { languages: ['en'], currency: 'GBP' },
}

/** Where a US merchant's instalment orders may ship: the regions that count as the US. */
export const US_TERRITORIES: readonly string[] = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']

/** The specification's locale -> provider table; a locale not listed has no provider (en_PR, en_IE, de_DE ...). */
export const INSTALMENT_LOCALES: Readonly<Record<string, InstalmentProviderName>> = {
  en_US: 'Afterpay',
  en_CA: 'Afterpay',
  fr_CA: 'Afterpay',
  en_AU: 'Afterpay',
  en_NZ: 'Afterpay',
  en_GB: 'Clearpay',
}

/** 'en-US' / 'en_us' -> 'en_US'; undefined when it does not look like language_REGION. */
export function instalmentLocale(locale: string | undefined): string | undefined {
  const m = /^([a-zA-Z]{2})[-_]([a-zA-Z]{2})$/.exec((locale ?? '').trim())
  return m ? `${m[1]!.toLowerCase()}_${m[2]!.toUpperCase()}` : undefined
}

/** The merchant's country for instalments: the region of a locale the table lists, else undefined. */
export function instalmentCountry(locale: string | undefined): string | undefined {
  const l = instalmentLocale(locale)
  return l && INSTALMENT_LOCALES[l] ? l.slice(3) : undefined
}

/** Whether an instalment order of a merchant in `merchantCountry` may ship to `shipTo` (a US territory counts as US). */
export function instalmentShipsTo(merchantCountry: string, shipTo: string): boolean {
  const to = shipTo.trim().toUpperCase()
  return merchantCountry === 'US' ? US_TERRITORIES.includes(to) : to === merchantCountry
}

/**
 * The provider for a site's locale and store currency, or null: the locale must be in the table, and the currency
 * (when given) must be its country's.
 */
export function instalmentProvider(locale: string | undefined, currency?: string): InstalmentProviderName | null {
  const l = instalmentLocale(locale)
  const provider = l ? INSTALMENT_LOCALES[l] : undefined
  if (!l || !provider) return null
  const entry = INSTALMENT_COUNTRIES[l.slice(3)]
  if (!entry || !entry.languages.includes(l.slice(0, 2))) return null
  if (currency !== undefined && currency.toUpperCase() !== entry.currency) return null
  return provider
}
