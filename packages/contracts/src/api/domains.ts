// /api/sites/{siteId}/domains: an owner's custom domains (own hostnames with automatic HTTPS). Types and limits.

/** pending: waiting for the DNS record; verified: proven, no certificate yet; issuing: ordering one; active: served
 *  over HTTPS; failed: the last step failed (`error` says why). */
export const DOMAIN_STATUSES = ['pending', 'verified', 'issuing', 'active', 'failed'] as const
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

/** How many custom domains one site may hold. */
export const MAX_DOMAINS_PER_SITE = 10

/** The TXT record that proves ownership lives at `_sitewright.<hostname>`. */
export const DOMAIN_TXT_PREFIX = '_sitewright.'

/** A certificate is renewed this many days before it expires ("renewal due" from then on). */
export const DOMAIN_RENEW_DAYS = 30

export interface CustomDomain {
  id: string
  /** ASCII (punycode) form. */
  hostname: string
  status: DomainStatus
  primary: boolean
  verification: { type: 'TXT'; name: string; value: string }
  certificate?: { issuer: string; notAfter: string }
  /** Why the last check or order failed, in plain words. */
  error?: string
}

export interface DomainsAnswer {
  domains: CustomDomain[]
  /** Where owners point the domain: A/AAAA addresses and/or a CNAME host (DOMAIN_TARGETS). */
  targets: { a: string[]; aaaa: string[]; cname: string[] }
  /** True when the server has a TLS listener (certificates are ordered). */
  https: boolean
}
