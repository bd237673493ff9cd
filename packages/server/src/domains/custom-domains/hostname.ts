// Hostname rules of a custom domain, pure: IDNA to ASCII (node:url's domainToASCII, punycode), then DNS label rules.
// No IP addresses, no localhost, no single-label names, nothing under the platform's own root domain.
import { isIP } from 'node:net'
import { domainToASCII } from 'node:url'
import { AppError } from '../../platform/errors.js'

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** The ASCII (punycode) form of an owner's hostname, or an invalid_data AppError saying what is wrong. */
export function normalizeHostname(input: string, rootDomain: string): string {
  const raw = input.trim().replace(/\.$/, '')
  const bad = (code: string, message: string) => new AppError('invalid_data', code, message, { fields: { hostname: message } })
  if (!raw) throw bad('hostname_required', 'Enter a domain name, like www.example.com.')
  const bare = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw
  if (isIP(bare) || /^[0-9.]+$/.test(raw)) throw bad('hostname_ip', 'An IP address cannot be a custom domain: enter a domain name.')
  if (/[/:@?#\s]/.test(raw)) throw bad('hostname_invalid', 'Enter only the domain name, like www.example.com (no http://, path or port).')
  const ascii = domainToASCII(raw).toLowerCase()
  if (!ascii || ascii.length > 253) throw bad('hostname_invalid', `“${raw}” is not a valid domain name.`)
  const labels = ascii.split('.')
  if (labels.some((l) => !LABEL.test(l))) throw bad('hostname_invalid', `“${raw}” is not a valid domain name.`)
  if (labels.length < 2) throw bad('hostname_single_label', 'Enter a full domain name with a dot, like example.com.')
  if (ascii === 'localhost' || ascii.endsWith('.localhost') || labels.at(-1) === 'local') throw bad('hostname_local', 'localhost and .local names cannot be custom domains.')
  if (/^[0-9]+$/.test(labels.at(-1)!)) throw bad('hostname_invalid', `“${raw}” is not a valid domain name.`)
  if (ascii === rootDomain || ascii.endsWith(`.${rootDomain}`)) throw bad('hostname_platform', `Addresses under ${rootDomain} are the platform's own; enter your domain.`)
  return ascii
}

/** The other name of a www / apex pair (www.example.com <-> example.com), or null. */
export function wwwPartner(hostname: string): string | null {
  if (hostname.startsWith('www.')) return hostname.slice(4)
  return hostname.split('.').length === 2 ? `www.${hostname}` : null
}
