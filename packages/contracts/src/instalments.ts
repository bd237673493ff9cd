// Interest-free instalments, one rule for the server (checkout) and the storefront (product pages): 4 payments;
// eligible merchants by country and language (US en, CA en/fr, AU en, NZ en, GB en; the US territories count as
// the US), each country's own currency, on top of the locale -> provider rule (en_US, en_CA, fr_CA, en_AU,
// en_NZ: Afterpay; en_GB: Clearpay). The merchant's country is the region of the site's locale. Import-free.

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

/** Regions that count as the US. */
export const US_TERRITORIES: readonly string[] = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']

/** 'en-US' / 'en_us' -> 'en_US'; undefined when it does not look like language_REGION. */
export function instalmentLocale(locale: string | undefined): string | undefined {
  const m = /^([a-zA-Z]{2})[-_]([a-zA-Z]{2})$/.exec((locale ?? '').trim())
  return m ? `${m[1]!.toLowerCase()}_${m[2]!.toUpperCase()}` : undefined
}

/** The merchant's country for instalments: the locale's region, a US territory counting as US. */
export function instalmentCountry(locale: string | undefined): string | undefined {
  const l = instalmentLocale(locale)
  if (!l) return undefined
  const region = l.slice(3)
  return US_TERRITORIES.includes(region) ? 'US' : region
}

/**
 * The provider for a site's locale and store currency, or null: the country must be listed with the locale's
 * language, and the currency (when given) must be that country's.
 */
export function instalmentProvider(locale: string | undefined, currency?: string): InstalmentProviderName | null {
  const l = instalmentLocale(locale)
  const country = instalmentCountry(l)
  const entry = country ? INSTALMENT_COUNTRIES[country] : undefined
  if (!l || !entry || !entry.languages.includes(l.slice(0, 2))) return null
  if (currency !== undefined && currency.toUpperCase() !== entry.currency) return null
  return country === 'GB' ? 'Clearpay' : 'Afterpay'
}
