// A custom domain's state in plain words for the owner (pure).
import { DOMAIN_RENEW_DAYS, type CustomDomain } from '@sitewright/contracts'

export interface DomainState {
  label: string
  tone: 'waiting' | 'ok' | 'busy' | 'bad'
  detail: string
}

export function domainState(d: CustomDomain, https: boolean, now = Date.now()): DomainState {
  switch (d.status) {
    case 'pending':
      return { label: 'Waiting for DNS', tone: 'waiting', detail: d.error ?? 'Add the TXT record below, then choose Check now. We also check again by ourselves.' }
    case 'verified':
      return { label: 'Verified', tone: 'ok', detail: https ? 'Ownership proven; the certificate is ordered next.' : 'Ownership proven: the site answers at this address.' }
    case 'issuing':
      return { label: 'Issuing certificate', tone: 'busy', detail: 'Ownership proven; the HTTPS certificate is being issued (about a minute).' }
    case 'failed':
      return { label: 'Failed', tone: 'bad', detail: d.error ?? 'The last step failed; we will try again.' }
    case 'active': {
      const until = d.certificate ? Date.parse(d.certificate.notAfter) : NaN
      const date = Number.isFinite(until) ? new Date(until).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : ''
      if (Number.isFinite(until) && until - now <= DOMAIN_RENEW_DAYS * 86_400_000)
        return { label: 'Renewal due', tone: 'busy', detail: d.error ?? `Secure until ${date}; the certificate is being renewed.` }
      return { label: 'Secure', tone: 'ok', detail: `Served over HTTPS${date ? `; the certificate (${d.certificate?.issuer}) is valid until ${date} and renews by itself` : ''}.` }
    }
  }
}
